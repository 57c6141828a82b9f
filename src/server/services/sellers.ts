/**
 * Conventions (spec 002 §2.1-§2.6, §3, §5, §7 "Suppliers and vouchers"; issue 14): categories and
 * suppliers (a company supplier is seen only by its company's employees), showcases and articles,
 * consortia and their affiliates, the identifying PIN, the multi-use vouchers' codes and list, and the
 * redemption of a multi-use voucher by an affiliated supplier. The two purchases (an article, a
 * consortium's voucher) are declared in config/purchases/sellers.ts and run by the generic purchase
 * (services/purchases.ts) with their seller's part in services/seller-purchases.ts.
 *
 * Redemption (`redeemVoucher`): one transaction locks the voucher row (`FOR UPDATE`), then the
 * holder's PIN row; it checks the supplier's affiliation, expiry and residual, verifies the PIN
 * (argon2id), and either counts a wrong PIN (committed, then refused) or takes the amount and writes a
 * row of voucher_credito_log. Concurrent redemptions of one voucher run one after the other on the
 * voucher's lock, so together they never take more than the residual (the CHECK of credito_residuo
 * would refuse it anyway).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { constants } from '../../../config/constants';
import { screenConstants } from '../../../config/screen-constants';
import type {
  Articolo,
  CategoriaFornitori,
  FornitoreConvenzionato,
  InfoFornitore,
  Provincia,
  RiscattoVoucherEsito,
  VoucherMultiuso,
  VoucherPage,
} from '../../../schemas/wire-types.gen';
import { formatDate } from '../../shared/dates';
import { euro, formatCents, parseCents } from '../../shared/money';
import type { DB } from '../db/schema';
import { ApiError } from '../errors';
import { formatMessage } from '../messages';
import { romeDate } from './calendar';
import type { PageSlice } from './paging';
import { hashPassword, sha256Hex, verifyPasswordDigest } from './passwords';

type Db = Kysely<DB> | Transaction<DB>;

/** The four article templates (002 §2.3); any other name is shown as 'Template non trovato'. */
export const ARTICLE_TEMPLATES = [
  'tmpl_default',
  'tmpl_default_no_mail',
  'tmpl_with_images',
  'tmpl_with_images_no_mail',
] as const;

/** Address of a convention image (GET immagini_convenzioni/{nome}). */
export const imageUrl = (nome: string): string => `/api/immagini_convenzioni/${nome}`;

// ---------------------------------------------------------------------------------------------
// Categories, suppliers, showcases, articles

export async function listCategories(db: Db): Promise<CategoriaFornitori[]> {
  return db
    .selectFrom('conv_categories')
    .select(['id', 'nome', 'url_icona'])
    .orderBy('ordine')
    .orderBy('id')
    .execute();
}

/**
 * Suppliers the user may see: every active one without a company, and those of the user's company
 * (a supplier hidden by `conventions --prune`, services/conventions-loader.ts, is not active).
 */
function visibleSuppliers(db: Db, companyId: number) {
  return db
    .selectFrom('conv_suppliers as s')
    .leftJoin('conv_provinces as p', 'p.sigla', 's.provincia')
    .where('s.attivo', '=', true)
    .where((eb) => eb.or([eb('s.company_id', 'is', null), eb('s.company_id', '=', companyId)]));
}

function toListItem(
  row: Omit<FornitoreConvenzionato, 'provincia' | 'prov_name' | 'nome_completo'> & {
    provincia: string | null;
    prov_name: string | null;
  },
): FornitoreConvenzionato {
  return {
    ...row,
    provincia: row.provincia ?? '',
    prov_name: row.prov_name ?? '',
    nome_completo: `${row.nome} ${row.cognome}`.trim(),
  };
}

export interface SupplierFilter {
  idCategoria?: number | undefined;
  /** A province's sigla; `no_prov` or absent: every province. */
  provincia?: string | undefined;
  /** Case-insensitive, on first name and surname combined (002 §2.1, company suppliers). */
  filtro?: string | undefined;
}

/** `%term%` for ILIKE, with the term's own wildcards escaped. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listSuppliers(
  db: Db,
  companyId: number,
  filter: SupplierFilter = {},
): Promise<FornitoreConvenzionato[]> {
  const { idCategoria, provincia, filtro } = filter;
  let query = visibleSuppliers(db, companyId).select([
    's.id',
    's.nome',
    's.cognome',
    's.logo_url',
    's.comune',
    's.provincia',
    'p.nome as prov_name',
    's.id_categoria',
    's.id_categ_servizio',
    's.nome_categ_servizio',
    's.is_consorzio',
  ]);
  if (idCategoria !== undefined) query = query.where('s.id_categoria', '=', idCategoria);
  if (provincia !== undefined && provincia !== constants.sellersNoProvince) {
    query = query.where('s.provincia', '=', provincia);
  }
  const term = filtro?.trim() ?? '';
  if (term !== '') {
    query = query.where(sql<string>`s.nome || ' ' || s.cognome`, 'ilike', containing(term));
  }
  const rows = await query.orderBy('s.nome').orderBy('s.cognome').orderBy('s.id').execute();
  return rows.map(toListItem);
}

export async function supplierInfo(
  db: Db,
  companyId: number,
  id: number,
  options: { consortium?: boolean } = {},
): Promise<InfoFornitore> {
  let query = visibleSuppliers(db, companyId)
    .select([
      's.id',
      's.nome',
      's.cognome',
      's.logo_url',
      's.indirizzo',
      's.comune',
      's.cap',
      's.provincia',
      's.tel',
      's.email',
      's.sito_web',
      's.descrizione',
      's.is_consorzio',
    ])
    .where('s.id', '=', id);
  if (options.consortium) query = query.where('s.is_consorzio', '=', true);
  const row = await query.executeTakeFirst();
  if (!row)
    throw ApiError.of(
      404,
      options.consortium ? 'apiSellersConsortiumNotFound' : 'apiSellersSupplierNotFound',
    );
  return { ...row, provincia: row.provincia ?? '' };
}

/** The price an article is sold at: the unit price less the discount, rounded to the cent. */
export function discountedCents(prezzoUnitario: number, sconto: number): number {
  return Math.round((prezzoUnitario * (100 - sconto)) / 100);
}

type ArticleRow = {
  id: number;
  id_fornitore: number;
  descrizione: string;
  prezzo_unitario: number;
  sconto: number;
  disponibilita_max: number;
  fruizione: string;
  altre_info: string;
  sito_web: string;
  codice_articolo: string;
  template: string;
};

async function toWireArticles(db: Db, rows: readonly ArticleRow[]): Promise<Articolo[]> {
  const images =
    rows.length === 0
      ? []
      : await db
          .selectFrom('conv_article_images')
          .select(['id_articolo', 'web_url'])
          .where(
            'id_articolo',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('id_articolo')
          .orderBy('posizione')
          .execute();
  return rows.map((row) => ({
    id: row.id,
    id_fornitore: row.id_fornitore,
    descrizione: row.descrizione,
    prezzo_unitario: formatCents(row.prezzo_unitario),
    sconto: row.sconto,
    prezzo_scontato: formatCents(discountedCents(row.prezzo_unitario, row.sconto)),
    disponibilita_max: row.disponibilita_max,
    fruizione: row.fruizione,
    altre_info: row.altre_info,
    sito_web: row.sito_web,
    codice_articolo: row.codice_articolo,
    imgs: images.filter((image) => image.id_articolo === row.id).map((image) => ({ web_url: image.web_url })),
    id_template: { nome: row.template },
  }));
}

const ARTICLE_COLUMNS = [
  'a.id',
  'a.id_fornitore',
  'a.descrizione',
  'a.prezzo_unitario',
  'a.sconto',
  'a.disponibilita_max',
  'a.fruizione',
  'a.altre_info',
  'a.sito_web',
  'a.codice_articolo',
  'a.template',
] as const;

/** One page of a supplier's articles whose description or code contains `filter` (case-insensitive). */
export async function supplierShowcase(
  db: Db,
  companyId: number,
  idFornitore: number,
  slice: PageSlice,
  filter: string,
): Promise<{ count: number; results: Articolo[] }> {
  await supplierInfo(db, companyId, idFornitore);
  let base = db
    .selectFrom('conv_articles as a')
    .where('a.id_fornitore', '=', idFornitore)
    .where('a.attivo', '=', true);
  const term = filter.trim();
  if (term !== '') {
    const pattern = containing(term);
    base = base.where((eb) =>
      eb.or([eb('a.descrizione', 'ilike', pattern), eb('a.codice_articolo', 'ilike', pattern)]),
    );
  }
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(ARTICLE_COLUMNS)
    .orderBy('a.descrizione')
    .orderBy('a.id')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
  return { count: Number(count), results: await toWireArticles(db, rows) };
}

export async function articleInfo(db: Db, companyId: number, idArticolo: number): Promise<Articolo> {
  const row = await db
    .selectFrom('conv_articles as a')
    .innerJoin('conv_suppliers as s', 's.id', 'a.id_fornitore')
    .select(ARTICLE_COLUMNS)
    .where('a.id', '=', idArticolo)
    .where('a.attivo', '=', true)
    .where('s.attivo', '=', true)
    .where((eb) => eb.or([eb('s.company_id', 'is', null), eb('s.company_id', '=', companyId)]))
    .executeTakeFirst();
  if (!row) throw ApiError.of(404, 'apiSellersArticleNotFound');
  const [article] = await toWireArticles(db, [row]);
  return article!;
}

/** The suppliers affiliated to a consortium, sorted by name (002 §2.4). */
export async function consortiumAffiliates(
  db: Db,
  companyId: number,
  idConsorzio: number,
): Promise<FornitoreConvenzionato[]> {
  await supplierInfo(db, companyId, idConsorzio, { consortium: true });
  const rows = await visibleSuppliers(db, companyId)
    .innerJoin('conv_consortium_affiliates as c', 'c.id_fornitore', 's.id')
    .select([
      's.id',
      's.nome',
      's.cognome',
      's.logo_url',
      's.comune',
      's.provincia',
      'p.nome as prov_name',
      's.id_categoria',
      's.id_categ_servizio',
      's.nome_categ_servizio',
      's.is_consorzio',
    ])
    .where('c.id_consorzio', '=', idConsorzio)
    .orderBy('s.nome')
    .orderBy('s.cognome')
    .orderBy('s.id')
    .execute();
  return rows.map(toListItem);
}

/** The provinces that have suppliers the user sees (the province filter's choices), by name. */
export async function listProvinces(db: Db, companyId: number): Promise<Provincia[]> {
  return visibleSuppliers(db, companyId)
    .innerJoin('conv_provinces as q', 'q.sigla', 's.provincia')
    .select(['q.sigla', 'q.nome'])
    .distinct()
    .orderBy('q.nome')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Disclaimer and PIN

export async function specialAgreed(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('conv_special_agreements')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function agreeSpecial(db: Db, userId: number): Promise<void> {
  await db
    .insertInto('conv_special_agreements')
    .values({ user_id: userId, agreed: new Date() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function pinExists(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_pins')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new PIN of `screenConstants.pinDigits` random digits. */
export function newPin(): string {
  return Array.from({ length: screenConstants.pinDigits }, () => String(randomInt(10))).join('');
}

/** Stores a new PIN for the user (hashed), replacing the old one and its failed attempts; returns it. */
export async function replacePin(db: Db, userId: number, pin = newPin()): Promise<string> {
  const pinHash = await hashPassword(pin);
  await db
    .insertInto('user_pins')
    .values({ user_id: userId, pin_hash: pinHash, created: new Date(), failed_attempts: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pin_hash: pinHash, created: new Date(), failed_attempts: 0 }),
    )
    .execute();
  return pin;
}

// ---------------------------------------------------------------------------------------------
// Multi-use vouchers' codes

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A voucher code `XXXX-XXXX-XXXX` (no 0/O, 1/I), 60 random bits. */
export function newVoucherCode(): string {
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((part) => part.join('')).join('-');
}

// ---------------------------------------------------------------------------------------------
// The user's vouchers

/** Validity of a voucher today (Rome): not expired and with credit left. */
export function voucherStatus(
  voucher: { data_scadenza: string; credito_residuo: number },
  today = romeDate(),
): { is_valid: boolean; dettaglio: string } {
  if (voucher.data_scadenza < today) {
    return {
      is_valid: false,
      dettaglio: formatMessage('apiSellersVoucherExpired', { date: formatDate(voucher.data_scadenza) }),
    };
  }
  if (voucher.credito_residuo <= 0)
    return { is_valid: false, dettaglio: formatMessage('apiSellersVoucherSpent') };
  return {
    is_valid: true,
    dettaglio: formatMessage('apiSellersVoucherValid', { date: formatDate(voucher.data_scadenza) }),
  };
}

export async function listVouchers(db: Db, userId: number, slice: PageSlice): Promise<VoucherPage> {
  const { count } = await db
    .selectFrom('voucher_multiuso')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('voucher_multiuso as v')
    .innerJoin('conv_suppliers as c', 'c.id', 'v.id_consorzio')
    .select([
      'v.id',
      'v.id_acquisto',
      'v.codice',
      'c.nome as nome_fornitore',
      'v.data_produzione',
      'v.data_scadenza',
      'v.credito_iniziale',
      'v.credito_residuo',
    ])
    .where('v.user_id', '=', userId)
    .orderBy('v.id', 'desc')
    .limit(slice.limit)
    .offset(slice.offset)
    .execute();
  const logs =
    rows.length === 0
      ? []
      : await db
          .selectFrom('voucher_credito_log as l')
          .innerJoin('conv_suppliers as s', 's.id', 'l.id_fornitore')
          .select(['l.voucher_id', 's.nome', 's.cognome', 'l.credito_scalato', 'l.data_movimento'])
          .where(
            'l.voucher_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('l.data_movimento')
          .orderBy('l.id')
          .execute();
  const today = romeDate();
  const results: VoucherMultiuso[] = rows.map((row) => ({
    id_acquisto: row.id_acquisto,
    codice: row.codice,
    nome_fornitore: row.nome_fornitore,
    data_produzione: row.data_produzione,
    data_scadenza: row.data_scadenza,
    credito_iniziale: formatCents(row.credito_iniziale),
    credito_residuo: formatCents(row.credito_residuo),
    voucher_status: voucherStatus(row, today),
    voucher_credito_log: logs
      .filter((log) => log.voucher_id === row.id)
      .map((log) => ({
        nome_fornitore: `${log.nome} ${log.cognome}`.trim(),
        credito_scalato: formatCents(log.credito_scalato),
        data_movimento: log.data_movimento.toISOString(),
      })),
  }));
  return { count: Number(count), results };
}

// ---------------------------------------------------------------------------------------------
// Suppliers' side: API keys and redemption

/** SHA-256 (hex) of a supplier's API key: what conv_suppliers.api_key_hash stores. */
export function supplierKeyHash(key: string): string {
  return createHash('sha256').update(`fornitore:${key}`, 'utf8').digest('hex');
}

/** A new API key for a supplier (stored hashed); the only time it exists in clear. */
export async function issueSupplierKey(
  db: Db,
  supplierId: number,
  key = randomBytes(24).toString('base64url'),
) {
  const updated = await db
    .updateTable('conv_suppliers')
    .set({ api_key_hash: supplierKeyHash(key) })
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw ApiError.of(404, 'apiSellersSupplierNotFound');
  return key;
}

/** The supplier holding `key`, or null. */
export async function supplierByKey(db: Db, key: string): Promise<{ id: number; nome: string } | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(key)) return null;
  const row = await db
    .selectFrom('conv_suppliers')
    .select(['id', 'nome'])
    .where('api_key_hash', '=', supplierKeyHash(key))
    .executeTakeFirst();
  return row ?? null;
}

export interface RedeemInput {
  supplierId: number;
  codice: string;
  pin: string;
  importo: string;
  at?: Date;
}

/** A refusal decided inside the transaction whose writes (a counted wrong PIN) must still commit. */
class CommittedRefusal {
  constructor(readonly error: ApiError) {}
}

/** POST riscatta_voucher: see the module comment. */
export async function redeemVoucher(db: Kysely<DB>, input: RedeemInput): Promise<RiscattoVoucherEsito> {
  const amountCents = parseCents(input.importo);
  if (amountCents === null || amountCents <= 0) {
    throw new ApiError(400, { importo: [formatMessage('apiVoucherAmountInvalid')] });
  }
  const at = input.at ?? new Date();
  const today = romeDate(at);
  const codice = input.codice.trim().toUpperCase();
  const outcome = await db.transaction().execute(async (trx) => {
    const voucher = await trx
      .selectFrom('voucher_multiuso')
      .selectAll()
      .where('codice', '=', codice)
      .forUpdate()
      .executeTakeFirst();
    if (!voucher) throw ApiError.of(404, 'apiVoucherNotFound');
    const affiliated = await trx
      .selectFrom('conv_consortium_affiliates')
      .select('id_fornitore')
      .where('id_consorzio', '=', voucher.id_consorzio)
      .where('id_fornitore', '=', input.supplierId)
      .executeTakeFirst();
    if (!affiliated) throw ApiError.of(403, 'apiVoucherNotAffiliated');
    if (voucher.data_scadenza < today) {
      throw ApiError.of(409, 'apiVoucherExpired', { date: formatDate(voucher.data_scadenza) });
    }
    if (voucher.credito_residuo <= 0) throw ApiError.of(409, 'apiVoucherSpent');

    const pin = await trx
      .selectFrom('user_pins')
      .selectAll()
      .where('user_id', '=', voucher.user_id)
      .forUpdate()
      .executeTakeFirst();
    if (!pin) throw ApiError.of(409, 'apiVoucherNoPin');
    if (pin.failed_attempts >= screenConstants.pinMaxFailedAttempts)
      throw ApiError.of(423, 'apiVoucherPinBlocked');
    if (!(await verifyPasswordDigest(pin.pin_hash, sha256Hex(input.pin)))) {
      const failed = pin.failed_attempts + 1;
      await trx
        .updateTable('user_pins')
        .set({ failed_attempts: failed })
        .where('user_id', '=', voucher.user_id)
        .execute();
      const left = screenConstants.pinMaxFailedAttempts - failed;
      return new CommittedRefusal(
        left > 0
          ? ApiError.of(403, 'apiVoucherPinWrong', { left })
          : ApiError.of(423, 'apiVoucherPinBlocked'),
      );
    }
    if (amountCents > voucher.credito_residuo) {
      throw new ApiError(400, {
        importo: [formatMessage('apiVoucherAmountOverResidual', { residual: euro(voucher.credito_residuo) })],
      });
    }
    if (pin.failed_attempts > 0) {
      await trx
        .updateTable('user_pins')
        .set({ failed_attempts: 0 })
        .where('user_id', '=', voucher.user_id)
        .execute();
    }
    const residual = voucher.credito_residuo - amountCents;
    await trx
      .updateTable('voucher_multiuso')
      .set({ credito_residuo: residual })
      .where('id', '=', voucher.id)
      .execute();
    const log = await trx
      .insertInto('voucher_credito_log')
      .values({
        voucher_id: voucher.id,
        id_fornitore: input.supplierId,
        credito_scalato: amountCents,
        data_movimento: at,
      })
      .returning(['id', 'data_movimento'])
      .executeTakeFirstOrThrow();
    return {
      id_movimento: log.id,
      codice: voucher.codice,
      credito_scalato: formatCents(amountCents),
      credito_residuo: formatCents(residual),
      data_movimento: log.data_movimento.toISOString(),
    } satisfies RiscattoVoucherEsito;
  });
  if (outcome instanceof CommittedRefusal) throw outcome.error;
  return outcome;
}
