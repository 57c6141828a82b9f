/**
 * The demo supplier's till (ARCHITECTURE.md §8: "a demo supplier page that redeems multi-use vouchers
 * with the PIN"), under `/demo-fornitore` (not under /api), demo mode only (404 otherwise). The
 * supplier picks who it is (an affiliate of a consortium), types the voucher's code, the holder's PIN
 * and an amount; the page calls the public `POST /api/riscatta_voucher` with that supplier's demo key
 * (seed-sellers.ts `demoSupplierKey`), exactly as a real till would, and shows the answer.
 * No script: a plain form that posts back here, within the portal's CSP.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../html';
import { formatMessage, type MessageKey, type ServerMessageArgs } from '../../messages';
import { formatEuro, parseCents } from '../../../shared/money';
import { demoSupplierKey } from '../../db/seed-sellers';

export interface DemoSupplierOptions {
  demo: boolean;
}

const text = <K extends MessageKey>(key: K, ...params: ServerMessageArgs<K>) =>
  escapeHtml(formatMessage(key, ...params));

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;background:#f5f7fa;line-height:1.5}' +
  'header{background:#364fc7;color:#fff;padding:1rem}header p{margin:0;font-weight:600}' +
  'main{max-width:40rem;margin:0 auto;padding:1rem}h1{font-size:1.4rem;margin:.5rem 0}' +
  '.card{background:#fff;border:1px solid #d8dee4;border-radius:.5rem;padding:1rem;margin:.75rem 0}' +
  'label{display:block;font-weight:600;margin:.75rem 0 .25rem}' +
  'input,select{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #868e96;border-radius:.375rem;min-height:44px}' +
  'button{font:inherit;background:#364fc7;color:#fff;border:0;border-radius:.375rem;padding:.6rem 1rem;min-height:44px;margin-top:1rem;cursor:pointer}' +
  '.error{border-color:#b42318;background:#fff5f4}.ok{border-color:#067647;background:#f3fbf6}';

interface Till {
  id: number;
  rif: string;
  nome: string;
}

export default async function demoSupplierRoutes(
  app: FastifyInstance,
  options: DemoSupplierOptions,
): Promise<void> {
  // The till's form posts here (this plugin's own context, like the demo partner's).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const tills = async (): Promise<Till[]> => {
    const rows = await app.db
      .selectFrom('conv_suppliers as s')
      .innerJoin('conv_consortium_affiliates as a', 'a.id_fornitore', 's.id')
      .select(['s.id', 's.rif_esterno', 's.nome'])
      .where('s.rif_esterno', 'is not', null)
      .distinct()
      .orderBy('s.nome')
      .execute();
    return rows.map((row) => ({ id: row.id, rif: row.rif_esterno!, nome: row.nome }));
  };

  const render = async (reply: FastifyReply, status: number, notice: string, chosen?: number) => {
    const list = await tills();
    const choices = list
      .map(
        (till) =>
          `<option value="${till.id}"${till.id === chosen ? ' selected' : ''}>${escapeHtml(till.nome)}</option>`,
      )
      .join('');
    const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('apiDemoSupplierTitle')}</title><style>${STYLE}</style></head>
<body><header><p>${text('apiDemoSupplierTitle')}</p></header><main>
<h1>${text('apiDemoSupplierTitle')}</h1><p>${text('apiDemoSupplierIntro')}</p>${notice}
<form class="card" method="post" action="/demo-fornitore">
<label for="fornitore">${text('formSupplierTitle')}</label><select id="fornitore" name="fornitore">${choices}</select>
<label for="codice">${text('apiDemoSupplierCode')}</label><input id="codice" name="codice" autocomplete="off" required>
<label for="pin">${text('apiDemoSupplierPin')}</label><input id="pin" name="pin" inputmode="numeric" autocomplete="off" required>
<label for="importo">${text('apiDemoSupplierAmount')}</label><input id="importo" name="importo" inputmode="decimal" required>
<button type="submit">${text('apiDemoSupplierRedeem')}</button>
</form></main></body></html>
`;
    return reply.code(status).type('text/html; charset=utf-8').send(html);
  };

  const schema = (summary: string) => ({ summary, tags: ['demo'], produces: ['text/html'] });

  app.get(
    '/demo-fornitore',
    { config: { public: true }, schema: schema('Cassa del fornitore dimostrativo (solo modalità demo)') },
    async (_request, reply) => {
      if (!options.demo) return reply.code(404).send({ detail: formatMessage('apiNotFound') });
      return render(reply, 200, '');
    },
  );

  app.post<{ Body: Record<string, string> | undefined }>(
    '/demo-fornitore',
    {
      config: { public: true },
      schema: schema('Cassa del fornitore dimostrativo: riscatto di un buono multiuso (solo modalità demo)'),
    },
    async (request, reply) => {
      if (!options.demo) return reply.code(404).send({ detail: formatMessage('apiNotFound') });
      const body = request.body ?? {};
      const till = (await tills()).find((candidate) => String(candidate.id) === body.fornitore);
      const importo = (body.importo ?? '').trim().replace(',', '.');
      const answer = await app.inject({
        method: 'POST',
        url: '/api/riscatta_voucher',
        headers: {
          'content-type': 'application/json',
          'x-fornitore-key': till ? demoSupplierKey(till.rif) : '',
        },
        payload: JSON.stringify({
          codice: (body.codice ?? '').trim(),
          pin: (body.pin ?? '').trim(),
          importo,
        }),
      });
      const data = answer.json<Record<string, unknown>>();
      if (answer.statusCode !== 200) {
        const lines = Object.values(data).flatMap((value) => (Array.isArray(value) ? value : [value]));
        const notice = `<div class="card error" role="alert" data-testid="demo-supplier-error"><h2>${text(
          'apiDemoSupplierFailed',
        )}</h2>${lines.map((line) => `<p>${escapeHtml(String(line))}</p>`).join('')}</div>`;
        return render(reply, answer.statusCode, notice, till?.id);
      }
      const notice = `<div class="card ok" role="status" data-testid="demo-supplier-done"><p>${text(
        'apiDemoSupplierDone',
        {
          amount: formatEuro(parseCents(String(data.credito_scalato)) ?? 0),
          code: String(data.codice),
          residual: formatEuro(parseCents(String(data.credito_residuo)) ?? 0),
        },
      )}</p></div>`;
      return render(reply, 200, notice, till?.id);
    },
  );
}
