/**
 * Declared purchases (config/purchases, plus the extra declarations handed to buildApp): one
 * `POST /api/crea_acquisto/{name}` per declaration, generated in a loop with no per-purchase code. Its
 * gating is the declaration's route (checked before the body), its body schema is derived from the
 * declaration (or the one of schemas/api it names), its work is services/purchases.ts under a required
 * Idempotency-Key. A convention seller's purchase (`seller`: config/purchases/sellers.ts) is served the
 * same way, tagged `convenzioni` too, and may answer 404 (the item the body names is not there).
 */
import type { FastifyInstance } from 'fastify';
import { purchases } from '../../../../config/purchases';
import type { PurchaseDeclaration } from '../../../../config/purchases/types';
import { declaredText } from '../../messages';
import { requireAuth } from '../../plugins/auth';
import { errorResponses } from '../../plugins/schemas';
import { ApiError } from '../../errors';
import { readIdempotencyKey, sendIdempotent } from '../../services/idempotency';
import { supportAddress } from '../../services/faq';
import {
  describePurchase,
  purchaseBodySchema,
  purchaseDeclarationProblems,
  submitPurchase,
} from '../../services/purchases';

export interface PurchaseRoutesOptions {
  extraPurchases: readonly PurchaseDeclaration[];
}

/** The declared purchases plus the extra ones; a wrong or repeated declaration is a startup error. */
export function registeredPurchases(extra: readonly PurchaseDeclaration[] = []): PurchaseDeclaration[] {
  const all = [...purchases, ...extra];
  const names = new Set<string>();
  for (const purchase of all) {
    if (names.has(purchase.name)) throw new Error(`acquisto ripetuto: ${purchase.name}`);
    names.add(purchase.name);
    const problems = purchaseDeclarationProblems(purchase);
    if (problems.length > 0) throw new Error(`acquisto ${purchase.name}: ${problems.join('; ')}`);
  }
  return all;
}

export default async function purchaseRoutes(
  app: FastifyInstance,
  options: PurchaseRoutesOptions,
): Promise<void> {
  for (const purchase of registeredPurchases(options.extraPurchases)) {
    app.post<{ Body: Record<string, unknown> }>(
      `/api/crea_acquisto/${purchase.name}`,
      {
        // Gated by its route (plugins/access.ts) before the body is read; then the key.
        config: { route: purchase.route_name },
        preValidation: async (request) => {
          if (readIdempotencyKey(request) === null) throw ApiError.of(400, 'apiIdempotencyKeyRequired');
        },
        schema: {
          summary: `Acquista «${declaredText(purchase.title)}»`,
          description:
            `Acquisto dichiarato \`${purchase.name}\` (config/purchases), pagato dal credito ` +
            `\`${purchase.balance}\`: ${describePurchase(purchase)}` +
            (purchase.ticks.length > 0
              ? `; caselle da spuntare: ${purchase.ticks.map((tick) => `\`${tick.field}\``).join(', ')}`
              : '') +
            (purchase.requiresPin ? '; serve il PIN identificativo dell’utente' : '') +
            `. Movimento di tipo ${purchase.movement.kind}. Errori di campo e importo oltre il credito: 400 ` +
            '(nulla viene scritto; anche quando i codici del prodotto sono esauriti); permesso della route mancante: 403; credito esaurito nel frattempo: 409. ' +
            'Intestazione obbligatoria `Idempotency-Key` (1-128 tra lettere, cifre, `-`, `_`): un nuovo invio ' +
            'con la stessa chiave risponde la prima risposta senza addebitare di nuovo (409 mentre la prima è ' +
            'in corso, 422 con un corpo diverso).',
          tags: purchase.seller ? ['acquisti', 'convenzioni'] : ['acquisti'],
          body: purchaseBodySchema(purchase),
          response: {
            201: { $ref: 'id-acquisto#' },
            ...errorResponses(400, 401, 403, ...(purchase.seller ? [404] : []), 409, 415, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const { userId, companyId } = requireAuth(request);
        return sendIdempotent(request, reply, app.db, userId, (finish) =>
          submitPurchase(app.db, {
            purchase,
            userId,
            companyId,
            body: request.body ?? {},
            finish,
            mail: app.mail,
            operatorEmail: supportAddress(app.config),
          }),
        );
      },
    );
  }
}
