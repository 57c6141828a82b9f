import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE.md §3 are enforced by lint. These tests lint small pieces of code
 * as if they lived at a given path, so a rule that silently stops working fails here.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('import rules', () => {
  it('refuses client code importing the server', async () => {
    const errors = await restrictedImports(
      'src/client/components/leak.ts',
      "import { buildApp } from '../../server/app';\nexport const leak = buildApp;\n",
    );
    expect(errors.join('\n')).toMatch(/Il client non importa il server/);
  });

  it('refuses server code importing the client', async () => {
    const errors = await restrictedImports(
      'src/server/services/leak.ts',
      "import { messages } from '../../client/main';\nexport const leak = messages;\n",
    );
    expect(errors.join('\n')).toMatch(/Il server non importa il client/);
  });

  it('refuses shared code importing client or server', async () => {
    const errors = await restrictedImports(
      'src/shared/leak.ts',
      "import { buildApp } from '../server/app';\nexport const leak = buildApp;\n",
    );
    expect(errors.join('\n')).toMatch(/shared non importa server/);
  });

  it('refuses a feature importing another feature', async () => {
    // Take two real features and a real module of the second, so the import resolves.
    const features = readdirSync('src/client/features', { withFileTypes: true }).filter((e) =>
      e.isDirectory(),
    );
    expect(features.length).toBeGreaterThanOrEqual(2);
    const [first, second] = features.map((e) => e.name);
    const target = readdirSync(`src/client/features/${second}`).find((f) => /\.tsx?$/.test(f));
    expect(target).toBeDefined();
    const errors = await restrictedImports(
      `src/client/features/${first}/leak.ts`,
      `import * as other from '../${second}/${target!.replace(/\.tsx?$/, '')}';\nexport const leak = other;\n`,
    );
    expect(errors.join('\n')).toMatch(/Una feature non importa un’altra feature/);
  });

  it('lets every feature host the form screens of features/forms', async () => {
    const errors = await restrictedImports(
      'src/client/features/backoffice/fine.ts',
      "import { PlainFormScreen } from '../forms';\nexport const fine = PlainFormScreen;\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses the form engine and the widgets importing each other (their contract is form-kit)', async () => {
    const engineToWidgets = await restrictedImports(
      'src/client/engine/forms/leak.ts',
      "import { formWidgetRegistry } from '../../widgets';\nexport const leak = formWidgetRegistry;\n",
    );
    expect(engineToWidgets.join('\n')).toMatch(/Il motore non importa i widget/);
    const widgetsToEngine = await restrictedImports(
      'src/client/widgets/amount/leak.ts',
      "import { FormScreen } from '../../engine/forms/form-screen';\nexport const leak = FormScreen;\n",
    );
    expect(widgetsToEngine.join('\n')).toMatch(/I widget non importano il motore/);
    const kitToClient = await restrictedImports(
      'src/client/form-kit/leak.ts',
      "import { apiRequest } from '../api/client';\nexport const leak = apiRequest;\n",
    );
    expect(kitToClient.join('\n')).toMatch(/form-kit è il contratto/);
    const bothToKit = await Promise.all([
      restrictedImports(
        'src/client/engine/forms/fine.ts',
        "import { engineContext } from '../../form-kit';\nexport const fine = engineContext;\n",
      ),
      restrictedImports(
        'src/client/widgets/amount/fine.ts',
        "import { engineContext } from '../../form-kit';\nexport const fine = engineContext;\n",
      ),
    ]);
    expect(bothToKit.flat()).toEqual([]);
  });

  it('refuses low client layers importing higher ones', async () => {
    const errors = await restrictedImports(
      'src/client/api/leak.ts',
      "import { router } from '../app/router';\nexport const leak = router;\n",
    );
    expect(errors.join('\n')).toMatch(/api\/ sta alla base del client/);
  });

  it('refuses config importing src', async () => {
    const errors = await restrictedImports(
      'config/leak.ts',
      "import { parseCents } from '../src/shared/money';\nexport const leak = parseCents;\n",
    );
    expect(errors.join('\n')).toMatch(/config\/ contiene solo dati dichiarativi/);
  });

  it('allows the permitted direction', async () => {
    const errors = await restrictedImports(
      'src/shared/fine.ts',
      "import { messages } from '../../config/messages.it';\nexport const fine = messages;\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('message catalogues', () => {
  it('keeps the server texts out of the portal bundle', async () => {
    const errors = await restrictedImports(
      'src/client/components/leak.ts',
      "import { messages } from '../../../config/messages-api.it';\nexport const leak = messages;\n",
    );
    expect(errors.join('\n')).toMatch(/i testi del server non entrano nel bundle/);
  });

  it('keeps them out through the server formatter and through shared code as well', async () => {
    const viaFormatter = await restrictedImports(
      'src/client/components/leak.ts',
      "import { formatMessage } from '../../server/messages';\nexport const leak = formatMessage;\n",
    );
    expect(viaFormatter.join('\n')).toMatch(/i testi del server non entrano nel bundle/);
    const viaShared = await restrictedImports(
      'src/shared/leak.ts',
      "import { messages } from '../../config/messages-api.it';\nexport const leak = messages;\n",
    );
    expect(viaShared.join('\n')).toMatch(/i testi del server restano nel server/);
  });
});
