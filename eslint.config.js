// @ts-check
/**
 * Lint = the import rules of ARCHITECTURE.md §3, enforced here rather than remembered:
 *  - src/shared imports only config/ and schemas/;
 *  - client and server never import each other; config/ is plain data and imports nothing of src/;
 *  - inside the client the flow is one way: components|api|stores|form-kit -> engine|widgets -> features -> routes|app;
 *  - the form engine and the widgets never import each other (their contract is src/client/form-kit; they
 *    meet in features/forms);
 *  - no feature imports another feature (zones are generated from the folders that exist), except
 *    features/forms, the form screens any screen may host;
 *  - file names are kebab-case (route files follow TanStack's tokens).
 */
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const featuresDir = 'src/client/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** The form screens (the engine with the widgets' registry): the one feature other screens may host. */
const sharedFeatures = ['forms'];

const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [...new Set([feature, ...sharedFeatures])].map((name) => `./${name}`),
  message:
    'Una feature non importa un’altra feature (salvo features/forms): sposta il codice comune in components/, engine/ o widgets/.',
}));

const layerZones = [
  { target: './src/shared', from: './src/client', message: 'shared non importa client.' },
  { target: './src/shared', from: './src/server', message: 'shared non importa server.' },
  { target: './src/client', from: './src/server', message: 'Il client non importa il server.' },
  { target: './src/server', from: './src/client', message: 'Il server non importa il client.' },
  { target: './config', from: './src', message: 'config/ contiene solo dati dichiarativi.' },
  {
    target: './src/client',
    from: ['./config/messages-api.it.ts', './src/server/messages.ts'],
    message:
      'Il portale usa config/messages.it.ts (e messages-account.it.ts): i testi del server non entrano nel bundle.',
  },
  {
    // shared runs in the portal too: the server catalogue would ride into the bundle through it.
    target: './src/shared',
    from: './config/messages-api.it.ts',
    message:
      'shared usa i cataloghi del portale (src/shared/catalogues): i testi del server restano nel server.',
  },
  { target: './schemas', from: './src', message: 'schemas/ contiene solo JSON Schema.' },
  ...['components', 'api', 'stores'].map((low) => ({
    target: `./src/client/${low}`,
    from: [
      './src/client/engine',
      './src/client/widgets',
      './src/client/features',
      './src/client/routes',
      './src/client/app',
    ],
    message: `${low}/ sta alla base del client: non importa engine, widgets, features, routes o app.`,
  })),
  ...['engine', 'widgets'].map((mid) => ({
    target: `./src/client/${mid}`,
    from: ['./src/client/features', './src/client/routes', './src/client/app'],
    message: `${mid}/ non importa features, routes o app.`,
  })),
  {
    target: './src/client/engine',
    from: './src/client/widgets',
    message:
      'Il motore non importa i widget: li riceve come registro (form-kit `FormWidgets`), composto in features/forms.',
  },
  {
    target: './src/client/widgets',
    from: './src/client/engine',
    message: 'I widget non importano il motore: il loro contratto è src/client/form-kit.',
  },
  {
    target: './src/client/form-kit',
    from: [
      './src/client/engine',
      './src/client/widgets',
      './src/client/features',
      './src/client/routes',
      './src/client/app',
      './src/client/components',
      './src/client/api',
      './src/client/stores',
    ],
    message:
      'form-kit è il contratto tra motore e widget: solo tipi (config, schemas, shared), nessun altro modulo del client.',
  },
  {
    target: './src/client/features',
    from: ['./src/client/routes', './src/client/app'],
    message: 'Le feature non importano routes o app.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'data/**',
      'coverage/**',
      'bench/results.json',
      'bench/movements-results.json',
      'src/client/routeTree.gen.ts',
      'dev-dist/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'check-file/filename-naming-convention': [
        'error',
        { '{src,config,tests,scripts,skins}/**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,config,tests,skins}/!(client/routes)/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // TanStack route files use the router's tokens ($param, _layout, __root, index).
    files: ['src/client/routes/**'],
    rules: {
      'check-file/filename-naming-convention': 'off',
      'check-file/folder-naming-convention': 'off',
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['tests/**', 'scripts/**', 'src/server/admin.ts', 'src/server/db/**'],
    rules: { 'no-console': 'off' },
  },
);
