/**
 * The conventions network as installation content (issue 24; spec 002 §2.1-§2.6): the categories the
 * suppliers are shown under (conv_categories), the convention suppliers with their articles
 * (conv_suppliers, conv_articles, conv_article_images) and the consortia with their affiliates
 * (conv_suppliers with is_consorzio, conv_consortium_affiliates), from a JSON document
 * (schemas/admin/conventions.json) loaded by `npm run admin -- conventions FILE [--prune]`. Outside demo
 * mode this is the only way the network is filled (the demo seed, db/seed-sellers.ts, writes its own rows,
 * without a partita IVA: they are not the document's).
 *
 * The same design as the catalogues' loader (services/catalogue-loader.ts): the whole document is checked
 * first (its schema, then keys used once, partite IVA by their check digit, provinces among
 * config/provinces.ts, prices, images; then, in the transaction and before any write, categories,
 * companies and affiliates the database must know) and refused whole, every problem by its JSON path,
 * nothing written. Then it is written in one transaction, idempotent by natural keys (a category's id, a
 * supplier's or consortium's partita IVA, an article's supplier and codice_articolo): the same document
 * twice changes nothing, a changed field is updated and reported, a section left out is left alone. With
 * `prune`, what a present section does not list is removed when nothing names it; a supplier whose
 * articles were bought or where vouchers were redeemed, an article that was bought, a consortium with
 * multi-use vouchers are hidden instead (attivo false: services/sellers.ts shows and sells only active
 * ones). A listed hidden row is shown again. Categories 8 and 11 are part of the contract: never removed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { provinces } from '../../../config/provinces';
import { articolo } from '../../../config/purchases/sellers';
import type { Conventions } from '../../../schemas/wire-types.gen';
import { euro, parseCents } from '../../shared/money';
import { isValidVatNumber } from '../../shared/validators/partita-iva';
import type { DB } from '../db/schema';
import { formatMessage } from '../messages';
import { CATALOGUE_PRICE_MAX_CENTS, isHttpsUrl, isUsableImage } from './catalogue-loader';
import { sanitizeMessageHtml } from './internal-messages';
import { describeSchemaError } from './installation-content';

export type ConventionCategory = NonNullable<Conventions['categories']>[number];
export type ConventionSupplier = NonNullable<Conventions['suppliers']>[number];
export type ConventionArticle = NonNullable<ConventionSupplier['articoli']>[number];
export type ConventionConsortium = NonNullable<Conventions['consortia']>[number];

/** The categories of the contract (002 §2.1): company suppliers and special suppliers. */
export const CONTRACT_CATEGORIES: readonly number[] = [8, 11];
const COMPANY_CATEGORY = 8;

const schemaFile = fileURLToPath(new URL('../../../schemas/admin/conventions.json', import.meta.url));
let validator: ReturnType<Ajv2020['compile']> | undefined;

const provinceSigle = new Set(provinces.map((p) => p.sigla));

function priceOf(wire: string): number | null {
  const cents = parseCents(wire);
  return cents !== null && cents > 0 && cents <= CATALOGUE_PRICE_MAX_CENTS ? cents : null;
}

/** Every problem of a document that needs no database (see the module comment). */
export function conventionProblems(document: unknown): string[] {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(schemaFile, 'utf8')) as object,
  );
  if (!validator(document))
    return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${describeSchemaError(e)}`);
  const doc = document as Conventions;
  const problems: string[] = [];
  const once = (
    seen: Map<string, string>,
    key: string,
    path: string,
    message: 'apiContentRepeated' | 'apiConventionsVatOfTwo' = 'apiContentRepeated',
  ) => {
    const first = seen.get(key);
    if (first) problems.push(`${path}: ${formatMessage(message, { value: key, path: first })}`);
    else seen.set(key, path);
  };
  const image = (url: string | undefined, path: string) => {
    if (url !== undefined && !isUsableImage(url))
      problems.push(`${path}: ${formatMessage('apiCatalogueImageInvalid')}`);
  };
  const address = (url: string | undefined, path: string) => {
    if (url !== undefined && !isHttpsUrl(url))
      problems.push(`${path}: ${formatMessage('apiCatalogueUrlInvalid')}`);
  };
  const party = (entry: ConventionSupplier | ConventionConsortium, at: string) => {
    if (!isValidVatNumber(entry.partita_iva))
      problems.push(`${at}/partita_iva: ${formatMessage('apiConventionsVatInvalid')}`);
    once(vats, entry.partita_iva, `${at}/partita_iva`, 'apiConventionsVatOfTwo');
    if (entry.provincia !== undefined && !provinceSigle.has(entry.provincia))
      problems.push(
        `${at}/provincia: ${formatMessage('apiConventionsProvinceUnknown', { value: entry.provincia })}`,
      );
    image(entry.logo_url, `${at}/logo_url`);
    address(entry.sito_web, `${at}/sito_web`);
  };

  const ids = new Map<string, string>();
  doc.categories?.forEach((category, i) => {
    once(ids, String(category.id), `/categories/${i}/id`);
    image(category.icona, `/categories/${i}/icona`);
  });
  const vats = new Map<string, string>();
  doc.suppliers?.forEach((supplier, i) => {
    const at = `/suppliers/${i}`;
    party(supplier, at);
    if (supplier.azienda !== undefined) {
      if (!isValidVatNumber(supplier.azienda))
        problems.push(`${at}/azienda: ${formatMessage('apiConventionsVatInvalid')}`);
      if (supplier.categoria !== COMPANY_CATEGORY)
        problems.push(`${at}/categoria: ${formatMessage('apiConventionsCompanyCategory')}`);
    }
    const codes = new Map<string, string>();
    supplier.articoli?.forEach((article, j) => {
      const path = `${at}/articoli/${j}`;
      once(codes, article.codice_articolo, `${path}/codice_articolo`);
      if (priceOf(article.prezzo) === null)
        problems.push(
          `${path}/prezzo: ${formatMessage('apiCataloguePriceRange', { max: euro(CATALOGUE_PRICE_MAX_CENTS) })}`,
        );
      address(article.sito_web, `${path}/sito_web`);
      article.immagini?.forEach((url, k) => image(url, `${path}/immagini/${k}`));
    });
  });
  doc.consortia?.forEach((consortium, i) => {
    const at = `/consortia/${i}`;
    party(consortium, at);
    const seen = new Map<string, string>();
    consortium.affiliati.forEach((vat, j) => once(seen, vat, `${at}/affiliati/${j}`));
  });
  return problems;
}

/** A document refused whole: every problem, by its JSON path. */
export class ConventionsError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${formatMessage('apiConventionsRefused', { n: String(problems.length) })}\n- ${problems.join('\n- ')}`,
    );
  }
}

export interface ConventionsResult {
  /** One line per entry created, updated, hidden or removed, in Italian. */
  changes: string[];
  /** With `prune`: one line per entry the document does not list but that stays, and why. */
  kept: string[];
}

/** Arbitrary constant ("conv" in ASCII): two loads of the conventions take turns. */
const CONVENTIONS_LOCK_ID = 0x636f6e76;

type Trx = Transaction<DB>;

interface PartyRow {
  id: number;
  partita_iva: string;
  nome: string;
  cognome: string;
  logo_url: string;
  indirizzo: string;
  comune: string;
  cap: string;
  provincia: string | null;
  tel: string;
  email: string;
  sito_web: string;
  descrizione: string;
  id_categoria: number;
  id_categ_servizio: number;
  nome_categ_servizio: string;
  is_consorzio: boolean;
  company_id: number | null;
  attivo: boolean;
}

const PARTY_FIELDS = [
  'nome',
  'cognome',
  'logo_url',
  'indirizzo',
  'comune',
  'cap',
  'provincia',
  'tel',
  'email',
  'sito_web',
  'descrizione',
  'id_categoria',
  'id_categ_servizio',
  'nome_categ_servizio',
  'is_consorzio',
  'company_id',
  'attivo',
] as const;

const ARTICLE_FIELDS = [
  'descrizione',
  'prezzo_unitario',
  'sconto',
  'fruizione',
  'altre_info',
  'sito_web',
  'template',
  'attivo',
] as const;

function changedFields<K extends string>(
  before: Record<K, unknown>,
  after: Record<K, unknown>,
  fields: readonly K[],
): string[] {
  return fields.filter((field) => before[field] !== after[field]);
}

async function loadedParties(trx: Trx): Promise<Map<string, PartyRow>> {
  const rows = await trx
    .selectFrom('conv_suppliers')
    .select([
      'id',
      'partita_iva',
      ...PARTY_FIELDS.filter((f): f is Exclude<typeof f, 'attivo'> => f !== 'attivo'),
      'attivo',
    ])
    .where('partita_iva', 'is not', null)
    .orderBy('id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.partita_iva!,
      {
        ...row,
        partita_iva: row.partita_iva!,
        id: Number(row.id),
        id_categoria: Number(row.id_categoria),
        id_categ_servizio: Number(row.id_categ_servizio),
        company_id: row.company_id === null ? null : Number(row.company_id),
      },
    ]),
  );
}

/**
 * Makes the database say what the document says, in one transaction; a document with any problem is
 * refused whole before anything is written.
 */
export async function loadConventions(
  db: Kysely<DB>,
  document: Conventions,
  options: { prune?: boolean } = {},
): Promise<ConventionsResult> {
  const problems = conventionProblems(document);
  if (problems.length > 0) throw new ConventionsError(problems);
  const prune = options.prune === true;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CONVENTIONS_LOCK_ID})`.execute(trx);
    const parties = await loadedParties(trx);
    const companies = await databaseProblems(trx, document, parties);
    const result: ConventionsResult = { changes: [], kept: [] };
    if (document.categories) await loadCategories(trx, document.categories, result);
    const listed = new Set([
      ...(document.suppliers ?? []).map((s) => s.partita_iva),
      ...(document.consortia ?? []).map((c) => c.partita_iva),
    ]);
    for (const supplier of document.suppliers ?? []) {
      const id = await loadParty(trx, supplier, false, parties, companies, result);
      await loadArticles(trx, id, supplier, prune, result);
    }
    for (const consortium of document.consortia ?? []) {
      const id = await loadParty(trx, consortium, true, parties, companies, result);
      await loadAffiliates(trx, id, consortium, parties, result);
    }
    if (prune) {
      if (document.suppliers) await pruneParties(trx, parties, listed, false, result);
      if (document.consortia) await pruneParties(trx, parties, listed, true, result);
      if (document.categories) await pruneCategories(trx, document.categories, result);
    }
    return result;
  });
}

/**
 * What only the database can say (unknown categories, companies, affiliates), every problem by its path;
 * none: the companies' ids by partita IVA.
 */
async function databaseProblems(
  trx: Trx,
  doc: Conventions,
  parties: ReadonlyMap<string, PartyRow>,
): Promise<Map<string, number>> {
  const problems: string[] = [];
  const categories = new Set([
    ...(doc.categories ?? []).map((c) => c.id),
    ...(await trx.selectFrom('conv_categories').select('id').execute()).map((c) => Number(c.id)),
  ]);
  const category = (id: number, path: string) => {
    if (!categories.has(id))
      problems.push(`${path}: ${formatMessage('apiConventionsCategoryUnknown', { value: String(id) })}`);
  };
  const wantedCompanies = [...new Set((doc.suppliers ?? []).flatMap((s) => (s.azienda ? [s.azienda] : [])))];
  const companies = new Map(
    wantedCompanies.length === 0
      ? []
      : (
          await trx
            .selectFrom('companies')
            .select(['id_azienda', 'partita_iva'])
            .where('partita_iva', 'in', wantedCompanies)
            .execute()
        ).map((c) => [c.partita_iva!, Number(c.id_azienda)]),
  );
  doc.suppliers?.forEach((supplier, i) => {
    category(supplier.categoria, `/suppliers/${i}/categoria`);
    if (supplier.azienda !== undefined && !companies.has(supplier.azienda))
      problems.push(
        `/suppliers/${i}/azienda: ${formatMessage('apiConventionsCompanyUnknown', { value: supplier.azienda })}`,
      );
  });
  const documentSuppliers = new Set((doc.suppliers ?? []).map((s) => s.partita_iva));
  const documentConsortia = new Set((doc.consortia ?? []).map((c) => c.partita_iva));
  doc.consortia?.forEach((consortium, i) => {
    category(consortium.categoria, `/consortia/${i}/categoria`);
    consortium.affiliati.forEach((vat, j) => {
      // A supplier of this document, or (a document without suppliers) one already loaded.
      const known =
        documentSuppliers.has(vat) ||
        (!doc.suppliers && !documentConsortia.has(vat) && parties.get(vat)?.is_consorzio === false);
      if (!known)
        problems.push(
          `/consortia/${i}/affiliati/${j}: ${formatMessage('apiConventionsAffiliateUnknown', { value: vat })}`,
        );
    });
  });
  if (problems.length > 0) throw new ConventionsError(problems);
  return companies;
}

async function loadCategories(
  trx: Trx,
  categories: readonly ConventionCategory[],
  result: ConventionsResult,
): Promise<void> {
  const existing = new Map(
    (await trx.selectFrom('conv_categories').select(['id', 'nome', 'url_icona', 'ordine']).execute()).map(
      (row) => [Number(row.id), { ...row, ordine: Number(row.ordine) }],
    ),
  );
  for (const [index, category] of categories.entries()) {
    const wanted = { nome: category.nome, url_icona: category.icona ?? '', ordine: (index + 1) * 10 };
    const before = existing.get(category.id);
    const key = `${category.id} «${category.nome}»`;
    if (!before) {
      await trx
        .insertInto('conv_categories')
        .values({ id: category.id, ...wanted })
        .execute();
      result.changes.push(formatMessage('apiConventionsCategoryCreated', { key }));
      continue;
    }
    const fields = changedFields(before, wanted, ['nome', 'url_icona'] as const);
    if (fields.length > 0 || before.ordine !== wanted.ordine)
      await trx.updateTable('conv_categories').set(wanted).where('id', '=', category.id).execute();
    // The order follows from the document's: not news for the operator.
    if (fields.length > 0)
      result.changes.push(formatMessage('apiConventionsCategoryUpdated', { key, fields: fields.join(', ') }));
  }
}

async function loadParty(
  trx: Trx,
  entry: ConventionSupplier | ConventionConsortium,
  consortium: boolean,
  parties: Map<string, PartyRow>,
  companies: ReadonlyMap<string, number>,
  result: ConventionsResult,
): Promise<number> {
  const azienda = 'azienda' in entry ? entry.azienda : undefined;
  const wanted = {
    nome: entry.nome,
    cognome: 'cognome' in entry ? (entry.cognome ?? '') : '',
    logo_url: entry.logo_url ?? '',
    indirizzo: entry.indirizzo ?? '',
    comune: entry.comune ?? '',
    cap: entry.cap ?? '',
    provincia: entry.provincia ?? null,
    tel: entry.tel ?? '',
    email: entry.email ?? '',
    sito_web: entry.sito_web ?? '',
    descrizione: entry.descrizione ?? '',
    id_categoria: entry.categoria,
    id_categ_servizio: entry.servizio?.id ?? 0,
    nome_categ_servizio: entry.servizio?.nome ?? '',
    is_consorzio: consortium,
    company_id: azienda === undefined ? null : companies.get(azienda)!,
    attivo: true,
  };
  const params = { key: entry.partita_iva, name: `${wanted.nome} ${wanted.cognome}`.trim() };
  const before = parties.get(entry.partita_iva);
  if (!before) {
    const row = await trx
      .insertInto('conv_suppliers')
      .values({ partita_iva: entry.partita_iva, ...wanted })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    parties.set(entry.partita_iva, { id, partita_iva: entry.partita_iva, ...wanted });
    result.changes.push(
      formatMessage(consortium ? 'apiConventionsConsortiumCreated' : 'apiConventionsSupplierCreated', params),
    );
    return id;
  }
  const fields = changedFields(before, wanted, PARTY_FIELDS);
  if (fields.length > 0) {
    await trx.updateTable('conv_suppliers').set(wanted).where('id', '=', before.id).execute();
    parties.set(entry.partita_iva, { ...before, ...wanted });
    result.changes.push(
      formatMessage(consortium ? 'apiConventionsConsortiumUpdated' : 'apiConventionsSupplierUpdated', {
        ...params,
        fields: fields.join(', '),
      }),
    );
  }
  return before.id;
}

/** Which of these articles a purchase names (the article purchase's payload). */
async function boughtArticles(trx: Trx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const field = articolo.amount.field;
  const code = sql<string>`payload->>(${field}::text)`;
  const rows = await trx
    .selectFrom('purchases')
    .select(code.as('id'))
    .distinct()
    .where(sql<string>`payload->>'acquisto'`, '=', articolo.name)
    .where(
      code,
      'in',
      ids.map((id) => String(id)),
    )
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

async function removeArticles(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('conv_article_images')
    .where('id_articolo', 'in', [...ids])
    .execute();
  await trx
    .deleteFrom('conv_articles')
    .where('id', 'in', [...ids])
    .execute();
}

async function loadArticles(
  trx: Trx,
  supplierId: number,
  supplier: ConventionSupplier,
  prune: boolean,
  result: ConventionsResult,
): Promise<void> {
  const rows = await trx
    .selectFrom('conv_articles')
    .select(['id', 'codice_articolo', 'disponibilita_max', 'disponibilita_dichiarata', ...ARTICLE_FIELDS])
    .where('id_fornitore', '=', supplierId)
    .orderBy('id')
    .execute();
  const images = new Map<number, string[]>();
  if (rows.length > 0)
    for (const image of await trx
      .selectFrom('conv_article_images')
      .select(['id_articolo', 'web_url'])
      .where(
        'id_articolo',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id_articolo')
      .orderBy('posizione')
      .execute()) {
      const id = Number(image.id_articolo);
      images.set(id, [...(images.get(id) ?? []), image.web_url]);
    }
  const existing = new Map(
    rows.map((row) => [
      row.codice_articolo,
      {
        ...row,
        id: Number(row.id),
        prezzo_unitario: Number(row.prezzo_unitario),
        sconto: Number(row.sconto),
        disponibilita_max: Number(row.disponibilita_max),
        disponibilita_dichiarata:
          row.disponibilita_dichiarata === null ? null : Number(row.disponibilita_dichiarata),
      },
    ]),
  );
  const supplierKey = supplier.partita_iva;
  for (const article of supplier.articoli ?? []) {
    const wanted = {
      descrizione: article.descrizione,
      prezzo_unitario: priceOf(article.prezzo)!,
      sconto: article.sconto ?? 0,
      fruizione: sanitizeMessageHtml(article.fruizione ?? ''),
      altre_info: sanitizeMessageHtml(article.altre_info ?? ''),
      sito_web: article.sito_web ?? '',
      template: article.template ?? 'tmpl_default',
      attivo: true,
    };
    const pictures = article.immagini ?? [];
    const params = { key: article.codice_articolo, supplier: supplierKey };
    const before = existing.get(article.codice_articolo);
    let id: number;
    let fields: string[];
    if (!before) {
      const row = await trx
        .insertInto('conv_articles')
        .values({
          id_fornitore: supplierId,
          codice_articolo: article.codice_articolo,
          ...wanted,
          disponibilita_max: article.disponibilita,
          disponibilita_dichiarata: article.disponibilita,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      fields = [];
      result.changes.push(formatMessage('apiConventionsArticleCreated', params));
    } else {
      id = before.id;
      fields = changedFields(before, wanted, ARTICLE_FIELDS);
      if (fields.length > 0)
        await trx.updateTable('conv_articles').set(wanted).where('id', '=', id).execute();
      // The units on sale: a new declaration moves the units left by its difference from the last one, in
      // the statement itself (a purchase may take one meanwhile); the units sold stay sold.
      const declared = before.disponibilita_dichiarata ?? before.disponibilita_max;
      if (article.disponibilita !== declared) {
        await trx
          .updateTable('conv_articles')
          .set((eb) => ({
            disponibilita_max: sql<number>`greatest(0, ${eb.ref('disponibilita_max')} + ${article.disponibilita - declared})`,
            disponibilita_dichiarata: article.disponibilita,
          }))
          .where('id', '=', id)
          .execute();
        fields.push('disponibilita');
      }
    }
    const had = images.get(id) ?? [];
    if (had.length !== pictures.length || had.some((url, k) => url !== pictures[k])) {
      await trx.deleteFrom('conv_article_images').where('id_articolo', '=', id).execute();
      if (pictures.length > 0)
        await trx
          .insertInto('conv_article_images')
          .values(pictures.map((web_url, k) => ({ id_articolo: id, posizione: k + 1, web_url })))
          .execute();
      if (before) fields.push('immagini');
    }
    if (before && fields.length > 0)
      result.changes.push(
        formatMessage('apiConventionsArticleUpdated', { ...params, fields: fields.join(', ') }),
      );
  }

  if (!prune) return;
  const listed = new Set((supplier.articoli ?? []).map((a) => a.codice_articolo));
  const absent = [...existing.values()].filter((row) => !listed.has(row.codice_articolo));
  const bought = await boughtArticles(
    trx,
    absent.map((row) => row.id),
  );
  for (const row of absent) {
    const params = { key: row.codice_articolo, supplier: supplierKey };
    if (bought.has(row.id)) {
      if (!row.attivo) continue;
      await trx.updateTable('conv_articles').set({ attivo: false }).where('id', '=', row.id).execute();
      result.changes.push(
        formatMessage('apiConventionsArticleHidden', {
          ...params,
          reason: formatMessage('apiCatalogueReasonBought'),
        }),
      );
      continue;
    }
    await removeArticles(trx, [row.id]);
    result.changes.push(formatMessage('apiConventionsArticleRemoved', params));
  }
}

async function loadAffiliates(
  trx: Trx,
  consortiumId: number,
  consortium: ConventionConsortium,
  parties: ReadonlyMap<string, PartyRow>,
  result: ConventionsResult,
): Promise<void> {
  const had = new Set(
    (
      await trx
        .selectFrom('conv_consortium_affiliates')
        .select('id_fornitore')
        .where('id_consorzio', '=', consortiumId)
        .execute()
    ).map((row) => Number(row.id_fornitore)),
  );
  const wanted = new Set(consortium.affiliati.map((vat) => parties.get(vat)!.id));
  const added = [...wanted].filter((id) => !had.has(id));
  const gone = [...had].filter((id) => !wanted.has(id));
  if (added.length === 0 && gone.length === 0) return;
  if (gone.length > 0)
    await trx
      .deleteFrom('conv_consortium_affiliates')
      .where('id_consorzio', '=', consortiumId)
      .where('id_fornitore', 'in', gone)
      .execute();
  if (added.length > 0)
    await trx
      .insertInto('conv_consortium_affiliates')
      .values(added.map((id_fornitore) => ({ id_consorzio: consortiumId, id_fornitore })))
      .execute();
  result.changes.push(
    formatMessage('apiConventionsConsortiumUpdated', {
      key: consortium.partita_iva,
      name: consortium.nome,
      fields: 'affiliati',
    }),
  );
}

/** Suppliers (or consortia) with a partita IVA the document does not list: hidden or removed. */
async function pruneParties(
  trx: Trx,
  parties: Map<string, PartyRow>,
  listed: ReadonlySet<string>,
  consortium: boolean,
  result: ConventionsResult,
): Promise<void> {
  for (const [vat, row] of parties) {
    if (listed.has(vat) || row.is_consorzio !== consortium) continue;
    let reason: 'apiConventionsReasonVouchers' | 'apiCatalogueReasonBought' | undefined;
    if (consortium) {
      const voucher = await trx
        .selectFrom('voucher_multiuso')
        .select('id')
        .where('id_consorzio', '=', row.id)
        .limit(1)
        .executeTakeFirst();
      if (voucher) reason = 'apiConventionsReasonVouchers';
    } else {
      const redeemed = await trx
        .selectFrom('voucher_credito_log')
        .select('id')
        .where('id_fornitore', '=', row.id)
        .limit(1)
        .executeTakeFirst();
      if (redeemed) reason = 'apiConventionsReasonVouchers';
    }
    const articles = (
      await trx.selectFrom('conv_articles').select('id').where('id_fornitore', '=', row.id).execute()
    ).map((a) => Number(a.id));
    if (!reason && (await boughtArticles(trx, articles)).size > 0) reason = 'apiCatalogueReasonBought';
    const key = { key: vat };
    if (reason) {
      if (!row.attivo) continue;
      await trx.updateTable('conv_suppliers').set({ attivo: false }).where('id', '=', row.id).execute();
      parties.set(vat, { ...row, attivo: false });
      result.changes.push(
        formatMessage(consortium ? 'apiConventionsConsortiumHidden' : 'apiConventionsSupplierHidden', {
          ...key,
          reason: formatMessage(reason),
        }),
      );
      continue;
    }
    await removeArticles(trx, articles);
    await trx
      .deleteFrom('conv_consortium_affiliates')
      .where((eb) => eb.or([eb('id_consorzio', '=', row.id), eb('id_fornitore', '=', row.id)]))
      .execute();
    await trx.deleteFrom('conv_suppliers').where('id', '=', row.id).execute();
    parties.delete(vat);
    result.changes.push(
      formatMessage(consortium ? 'apiConventionsConsortiumRemoved' : 'apiConventionsSupplierRemoved', key),
    );
  }
}

/** Categories the document does not list: removed when no supplier is in them (never 8 and 11). */
async function pruneCategories(
  trx: Trx,
  categories: readonly ConventionCategory[],
  result: ConventionsResult,
): Promise<void> {
  const listed = new Set(categories.map((c) => c.id));
  const rows = await trx.selectFrom('conv_categories').select(['id', 'nome']).orderBy('id').execute();
  for (const row of rows) {
    const id = Number(row.id);
    if (listed.has(id) || CONTRACT_CATEGORIES.includes(id)) continue;
    const key = `${id} «${row.nome}»`;
    const used = await trx
      .selectFrom('conv_suppliers')
      .select('id')
      .where('id_categoria', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) {
      result.kept.push(formatMessage('apiConventionsCategoryKept', { key }));
      continue;
    }
    await trx.deleteFrom('conv_categories').where('id', '=', id).execute();
    result.changes.push(formatMessage('apiConventionsCategoryRemoved', { key }));
  }
}
