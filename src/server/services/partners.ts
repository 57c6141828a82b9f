/**
 * Partner hand-offs and charges (ARCHITECTURE.md §5, §6; config/partners.ts):
 * - `createHandoff`: one `partner_handoffs` row and the `enc_data` carrying the user, the credit on
 *   offer and its balance, an expiry and the row's single-use nonce;
 * - `chargePartner`: the partner's server-to-server charge naming that nonce, under its Idempotency-Key,
 *   on the ledger (the balance declared in the hand-off, kind 6 Convenzione, `oggetto` the product,
 *   `soggetto` the partner, as on every other movement). Above the credit: 400 and nothing written; a retry: the first answer.
 */
import type { Kysely } from 'kysely';
import { formatMessage } from '../messages';
import {
  chargeWindowSeconds,
  handoffTtlSeconds,
  partnerProviders,
  partners as declaredPartners,
  partnerTitle,
  voucherPortalLogins,
  type PartnerDeclaration,
  type PartnerProvider,
} from '../../../config/partners';
import { formatCents, formatEuro } from '../../shared/money';
import { partnerDeclarationProblems } from '../../shared/partners';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import type { PartnerSecret, PartnerSecrets } from '../plugins/env';
import { hashRequest, withIdempotency, type StoredAnswer } from './idempotency';
import { balances, debitPurchase } from './ledger';
import { newHandoffNonce, sealHandoff, type PartnerHandoffPayload } from './partner-crypto';

/** Movement kind of a partner charge (spec 000 §3: 6 Convenzione). */
export const PARTNER_CHARGE_KIND = 6;

/** The declarations and providers the server serves: config/partners.ts plus a test's extra ones. */
export interface PartnerRegistry {
  providers: readonly PartnerProvider[];
  partners: readonly PartnerDeclaration[];
  secrets: PartnerSecrets;
}

export interface ExtraPartners {
  providers?: readonly PartnerProvider[];
  declarations: readonly PartnerDeclaration[];
}

/** The registry; a wrong declaration is a startup error. */
export function buildPartnerRegistry(secrets: PartnerSecrets, extra?: ExtraPartners): PartnerRegistry {
  const providers = [...partnerProviders, ...(extra?.providers ?? [])];
  const partners = [...declaredPartners, ...voucherPortalLogins, ...(extra?.declarations ?? [])];
  const problems = partnerDeclarationProblems(partners, providers);
  if (problems.length > 0) throw new Error(`config/partners: ${problems.join('; ')}`);
  return { providers, partners, secrets };
}

export function providerOf(registry: PartnerRegistry, id: string): PartnerProvider | undefined {
  return registry.providers.find((provider) => provider.id === id);
}

/** The provider's secret, or null when it is disabled (outside demo mode without its variables). */
export function secretOf(registry: PartnerRegistry, id: string): PartnerSecret | null {
  return Object.hasOwn(registry.secrets, id) ? (registry.secrets[id] ?? null) : null;
}

/** Where the user is sent: the provider's address, or this server's demo partner for the page. */
export function loginAddress(secret: PartnerSecret, partner: PartnerDeclaration, base: string): string {
  return secret.url ?? `${base}/demo-partner/${partner.provider}/${partner.route_name}`;
}

export interface CreatedHandoff {
  encData: string;
  payload: PartnerHandoffPayload;
}

/** Stores a hand-off and seals its payload with the provider's key. */
export async function createHandoff(
  db: Kysely<DB>,
  input: { partner: PartnerDeclaration; secret: PartnerSecret; userId: number; now?: Date },
): Promise<CreatedHandoff> {
  const now = input.now ?? new Date();
  const { partner } = input;
  const user = await db
    .selectFrom('users')
    .select(['id', 'nome', 'cognome', 'email'])
    .where('id', '=', input.userId)
    .executeTakeFirstOrThrow();
  const credit = await balances(db, user.id);
  const nonce = newHandoffNonce();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + handoffTtlSeconds;
  await db
    .insertInto('partner_handoffs')
    .values({
      nonce,
      provider: partner.provider,
      route_name: partner.route_name,
      user_id: user.id,
      comp_credito: partner.balance,
      created: now,
      expires_at: new Date(exp * 1000),
      charge_until: new Date((iat + chargeWindowSeconds) * 1000),
    })
    .execute();
  const body = partner.call.body ?? {};
  const payload: PartnerHandoffPayload = {
    v: 1,
    partner: partner.provider,
    page: partner.route_name,
    ...(body.service !== undefined ? { service: String(body.service) } : {}),
    ...(body.cluster !== undefined ? { cluster: body.cluster } : {}),
    ...(partner.handoff.kind === 'form-post' && partner.handoff.cat !== undefined
      ? { cat: partner.handoff.cat }
      : {}),
    utente: { id: user.id, nome: user.nome, cognome: user.cognome, email: user.email },
    credito: {
      comp_credito: partner.balance,
      disponibile: formatCents(partner.balance === 'art51c3' ? credit.art51c3 : credit.totale),
    },
    iat,
    exp,
    nonce,
  };
  return { encData: sealHandoff(input.secret.key, partner.provider, payload), payload };
}

/** The charge body (schemas/api/partner-charge.json), already valid. */
export interface ChargeBody {
  nonce: string;
  importo: string;
  prodotto: string;
  riferimento?: string;
}

export interface ChargeAnswer {
  id_acquisto: number;
  importo: string;
  comp_credito: 'totale' | 'art51c3';
  credito_residuo: string;
}

/** Idempotency keys of partners live beside the users' own: prefixed, so they never meet. */
export function partnerIdempotencyKey(provider: string, key: string): string {
  return `partner-${provider}-${key}`;
}

/** Debits a charge once per Idempotency-Key; returns the answer and whether it is a replay. */
export async function chargePartner(
  db: Kysely<DB>,
  input: {
    registry: PartnerRegistry;
    provider: PartnerProvider;
    body: ChargeBody;
    amountCents: number;
    idempotencyKey: string;
    now?: Date;
  },
): Promise<StoredAnswer & { replayed: boolean }> {
  const now = input.now ?? new Date();
  const { provider, body } = input;
  const handoff = await db
    .selectFrom('partner_handoffs')
    .selectAll()
    .where('nonce', '=', body.nonce)
    .where('provider', '=', provider.id)
    .executeTakeFirst();
  if (!handoff) throw ApiError.of(404, 'apiPartnerHandoffUnknown');
  if (handoff.charge_until.getTime() < now.getTime()) throw ApiError.of(409, 'apiPartnerChargeExpired');

  const page = input.registry.partners.find((partner) => partner.route_name === handoff.route_name);
  // Like every other movement: oggetto is what was bought, soggetto who sells it (the partner's portal).
  const name = provider.name.literal;
  const title = page && partnerTitle(page);
  const soggetto = title && title !== name ? `${name} - ${title}` : name;
  const source = handoff.comp_credito;
  return withIdempotency(
    db,
    {
      userId: handoff.user_id,
      key: partnerIdempotencyKey(provider.id, input.idempotencyKey),
      requestHash: hashRequest({ op: 'partner_charge', provider: provider.id, body }),
    },
    async (finish) => {
      const available = await balances(db, handoff.user_id);
      const creditCents = source === 'art51c3' ? available.art51c3 : available.totale;
      if (input.amountCents > creditCents) {
        throw new ApiError(400, {
          importo: [
            formatMessage('apiPartnerOverCredit', {
              amount: formatEuro(input.amountCents),
              credit: formatMessage(
                source === 'art51c3' ? 'apiPartnerCreditArt51c3' : 'apiPartnerCreditTotale',
              ),
              n: formatEuro(creditCents),
            }),
          ],
        });
      }
      const { purchase } = await debitPurchase(db, {
        userId: handoff.user_id,
        kind: PARTNER_CHARGE_KIND,
        amountCents: input.amountCents,
        source,
        oggetto: body.prodotto,
        soggetto,
        payload: {
          partner: provider.id,
          pagina: handoff.route_name,
          nonce: body.nonce,
          prodotto: body.prodotto,
          ...(body.riferimento !== undefined ? { riferimento: body.riferimento } : {}),
        },
        at: now,
        beforeCommit: async (trx, made) => {
          const after = await balances(trx, handoff.user_id);
          const answer: ChargeAnswer = {
            id_acquisto: made.id,
            importo: formatCents(input.amountCents),
            comp_credito: source,
            credito_residuo: formatCents(source === 'art51c3' ? after.art51c3 : after.totale),
          };
          await finish(trx, { status: 201, body: answer });
        },
      });
      const after = await balances(db, handoff.user_id);
      return {
        status: 201,
        body: {
          id_acquisto: purchase.id,
          importo: formatCents(input.amountCents),
          comp_credito: source,
          credito_residuo: formatCents(source === 'art51c3' ? after.art51c3 : after.totale),
        } satisfies ChargeAnswer,
      };
    },
  );
}
