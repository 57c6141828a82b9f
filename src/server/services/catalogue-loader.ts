/**
 * The showcases' catalogues as installation content (issue 24): the voucher retailers and their products
 * (aml_retailers, aml_products), the fuel cards (fuel_cards), the mutual-aid sections and their products
 * (eurete_sections, eurete_products), from a JSON document (schemas/admin/catalogues.json) loaded by
 * `npm run admin -- catalogues FILE [--prune]`. Demo mode loads its own document through here
 * (db/seed-showcases.ts), so an installation without demo data fills its showcases the same way.
 *
 * The same design as the links' loader (services/installation-content.ts): the whole document is checked
 * first (its schema, then keys used once, a product code under one retailer only, amounts above zero
 * within the column's range, usable images and addresses) and refused whole, every problem by its JSON
 * path, nothing written; then it is written in one transaction, idempotent by natural keys (a retailer's
 * name, a product's or card's product_code, a section's or mutual-aid product's slug): the same document
 * twice changes nothing, a changed field is updated and reported, a section the document leaves out is
 * left alone. With `prune`, what a present section does not list is removed only when no purchase names
 * it (purchases.payload's product_code or product_slug, under a purchase of that catalogue) and no
 * voucher code is loaded for it (voucher_codes.prodotto): else it is kept, and reported as kept.
 * HTML (a retailer's long description, the mutual aid's descriptions) is stored sanitized.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { purchases as purchaseDeclarations } from '../../../config/purchases';
import type { ProductCatalogue } from '../../../config/purchases/types';
import { screenConstants } from '../../../config/screen-constants';
import type { Catalogues } from '../../../schemas/wire-types.gen';
import { euro, parseCents } from '../../shared/money';
import type { DB } from '../db/schema';
import { formatMessage } from '../messages';
import { sanitizeMessageHtml } from './internal-messages';
import { describeSchemaError } from './installation-content';

export type CatalogueRetailer = NonNullable<Catalogues['retailers']>[number];
export type CatalogueFuelCard = NonNullable<Catalogues['fuel_cards']>[number];
export type CatalogueSection = NonNullable<Catalogues['mutual_aid']>[number];

/** The dearest price a document may name, in cents (prices are bigint cents, read as JS numbers). */
export const CATALOGUE_PRICE_MAX_CENTS = Number.MAX_SAFE_INTEGER;

const schemaFile = fileURLToPath(new URL('../../../schemas/admin/catalogues.json', import.meta.url));

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** An https address with a host (the schema's pattern lets through only https://). */
export function isHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname !== '';
  } catch {
    return false;
  }
}

/** An https address, or an inline SVG whose content is an SVG. */
export function isUsableImage(url: string): boolean {
  if (url.startsWith('https://')) return isHttpsUrl(url);
  const comma = url.indexOf(',');
  if (!url.startsWith('data:image/svg+xml') || comma < 0) return false;
  const data = url.slice(comma + 1);
  let text: string;
  try {
    text = url.slice(0, comma).endsWith(';base64')
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeURIComponent(data);
  } catch {
    return false;
  }
  return /<svg[\s>/]/.test(text);
}

/** Cents of a document's amount: above zero and within the column's range, else null. */
function priceOf(wire: string): number | null {
  const cents = parseCents(wire);
  return cents !== null && cents > 0 && cents <= CATALOGUE_PRICE_MAX_CENTS ? cents : null;
}

/** Cents of an amount `catalogueProblems` accepted. */
function centsOf(wire: string): number {
  const cents = priceOf(wire);
  if (cents === null) throw new Error(`importo non controllato: ${wire}`);
  return cents;
}

/**
 * Every problem of a document: its schema, then keys used once, a product code under one retailer only,
 * prices above zero within range, usable images and addresses. Needs no database.
 */
export function catalogueProblems(document: unknown): string[] {
  validator ??= new Ajv2020({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(schemaFile, 'utf8')) as object,
  );
  if (!validator(document))
    return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${describeSchemaError(e)}`);
  const doc = document as Catalogues;
  const problems: string[] = [];
  const once = (seen: Map<string, string>, key: string, path: string) => {
    const first = seen.get(key);
    if (first) problems.push(`${path}: ${formatMessage('apiContentRepeated', { value: key, path: first })}`);
    else seen.set(key, path);
  };
  const price = (wire: string, path: string) => {
    if (priceOf(wire) === null)
      problems.push(
        `${path}: ${formatMessage('apiCataloguePriceRange', { max: euro(CATALOGUE_PRICE_MAX_CENTS) })}`,
      );
  };
  const image = (url: string | undefined, path: string) => {
    if (url !== undefined && !isUsableImage(url))
      problems.push(`${path}: ${formatMessage('apiCatalogueImageInvalid')}`);
  };
  const address = (url: string | undefined, path: string) => {
    if (url !== undefined && !isHttpsUrl(url))
      problems.push(`${path}: ${formatMessage('apiCatalogueUrlInvalid')}`);
  };

  const names = new Map<string, string>();
  // A product code's first place and the retailer it was under.
  const codes = new Map<string, { path: string; retailer: number }>();
  doc.retailers?.forEach((retailer, i) => {
    const at = `/retailers/${i}`;
    once(names, retailer.name, `${at}/name`);
    image(retailer.image_url, `${at}/image_url`);
    retailer.products.forEach((product, j) => {
      const path = `${at}/products/${j}`;
      const first = codes.get(product.product_code);
      if (!first) codes.set(product.product_code, { path: `${path}/product_code`, retailer: i });
      else if (first.retailer === i)
        problems.push(
          `${path}/product_code: ${formatMessage('apiContentRepeated', { value: product.product_code, path: first.path })}`,
        );
      else
        problems.push(
          `${path}/product_code: ${formatMessage('apiCatalogueCodeOfTwoRetailers', { value: product.product_code, path: first.path })}`,
        );
      price(product.price, `${path}/price`);
      image(product.image_url, `${path}/image_url`);
    });
  });

  const cards = new Map<string, string>();
  doc.fuel_cards?.forEach((card, i) => {
    const at = `/fuel_cards/${i}`;
    once(cards, card.product_code, `${at}/product_code`);
    price(card.price, `${at}/price`);
    image(card.image_url, `${at}/image_url`);
  });

  const sections = new Map<string, string>();
  const slugs = new Map<string, string>();
  doc.mutual_aid?.forEach((section, i) => {
    const at = `/mutual_aid/${i}`;
    once(sections, section.slug, `${at}/slug`);
    image(section.icona, `${at}/icona`);
    section.products.forEach((product, j) => {
      const path = `${at}/products/${j}`;
      once(slugs, product.slug, `${path}/slug`);
      price(product.costo, `${path}/costo`);
      image(product.icona, `${path}/icona`);
      address(product.url_scheda, `${path}/url_scheda`);
      address(product.url_regolamento, `${path}/url_regolamento`);
    });
  });
  return problems;
}

/** A document refused whole: every problem, by its JSON path. */
export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${formatMessage('apiCataloguesRefused', { n: String(problems.length) })}\n- ${problems.join('\n- ')}`,
    );
  }
}

export interface CatalogueResult {
  /** One line per entry created, updated or removed, in Italian. */
  changes: string[];
  /** With `prune`: one line per entry the document does not list but that stays, and why. */
  kept: string[];
}

/** Arbitrary constant shared by every catalogue loader ("cata" in ASCII): two loads take turns. */
const CATALOGUE_LOCK_ID = 0x63617461;

/**
 * Makes the database say what the document says, in one transaction; a document with any problem
 * (`catalogueProblems`) is refused whole before anything is written.
 */
export async function loadCatalogues(
  db: Kysely<DB>,
  document: Catalogues,
  options: { prune?: boolean } = {},
): Promise<CatalogueResult> {
  const problems = catalogueProblems(document);
  if (problems.length > 0) throw new CatalogueError(problems);
  const prune = options.prune === true;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CATALOGUE_LOCK_ID})`.execute(trx);
    const result: CatalogueResult = { changes: [], kept: [] };
    if (document.retailers) await loadRetailers(trx, document.retailers, prune, result);
    if (document.fuel_cards) await loadFuelCards(trx, document.fuel_cards, prune, result);
    if (document.mutual_aid) await loadSections(trx, document.mutual_aid, prune, result);
    return result;
  });
}

/** The names of the fields whose value differs (the document's names), in the given order. */
function changedFields<K extends string, B extends Record<K, unknown>, A extends Record<K, unknown>>(
  before: B,
  after: A,
  fields: readonly K[],
): string[] {
  return fields.filter((field) => (before[field] as unknown) !== (after[field] as unknown));
}

type KeptReason = 'apiCatalogueReasonBought' | 'apiCatalogueReasonStocked';

/**
 * Which of these codes a purchase of these catalogues names (its payload's product field) or a voucher
 * code stock holds, and why: what prune must keep.
 */
async function referencedCodes(
  trx: Transaction<DB>,
  catalogues: readonly ProductCatalogue[],
  codes: readonly string[],
): Promise<Map<string, KeptReason>> {
  const found = new Map<string, KeptReason>();
  if (codes.length === 0) return found;
  const selling = purchaseDeclarations.flatMap((p) =>
    p.amount.kind === 'product' && catalogues.includes(p.amount.catalogue)
      ? [{ name: p.name, field: p.amount.field }]
      : [],
  );
  if (selling.length === 0) return found;
  const names = selling.map((p) => p.name);
  const stocked = await trx
    .selectFrom('voucher_codes')
    .select('prodotto')
    .distinct()
    .where('acquisto', 'in', names)
    .where('prodotto', 'in', [...codes])
    .execute();
  for (const row of stocked) found.set(row.prodotto, 'apiCatalogueReasonStocked');
  for (const field of new Set(selling.map((p) => p.field))) {
    const code = sql<string>`payload->>(${field}::text)`;
    const bought = await trx
      .selectFrom('purchases')
      .select(code.as('code'))
      .distinct()
      .where(sql<string>`payload->>'acquisto'`, 'in', names)
      .where(code, 'in', [...codes])
      .execute();
    for (const row of bought) found.set(row.code, 'apiCatalogueReasonBought');
  }
  return found;
}

const RETAILER_FIELDS = ['image_url', 'short_description', 'long_description'] as const;
const VOUCHER_FIELDS = ['retailer', 'name', 'price', 'image_url'] as const;

async function loadRetailers(
  trx: Transaction<DB>,
  retailers: readonly CatalogueRetailer[],
  prune: boolean,
  result: CatalogueResult,
): Promise<void> {
  const existing = new Map(
    (
      await trx
        .selectFrom('aml_retailers')
        .select(['id', 'name', 'image_url', 'short_description', 'long_description', 'position'])
        .orderBy('position')
        .orderBy('name')
        .execute()
    ).map((row) => [row.name, { ...row, id: Number(row.id), position: Number(row.position) }]),
  );
  const products = new Map(
    (
      await trx
        .selectFrom('aml_products')
        .select(['product_code', 'retailer_id', 'name', 'price', 'image_url'])
        .orderBy('id')
        .execute()
    ).map((row) => [
      row.product_code,
      { ...row, retailer_id: Number(row.retailer_id), price: Number(row.price) },
    ]),
  );
  const retailerName = new Map([...existing.values()].map((row) => [row.id, row.name]));

  for (const [position, retailer] of retailers.entries()) {
    const wanted = {
      image_url: retailer.image_url,
      short_description: retailer.short_description,
      long_description: sanitizeMessageHtml(retailer.long_description ?? ''),
    };
    const before = existing.get(retailer.name);
    let id: number;
    if (!before) {
      const row = await trx
        .insertInto('aml_retailers')
        .values({ name: retailer.name, ...wanted, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      retailerName.set(id, retailer.name);
      result.changes.push(formatMessage('apiCatalogueRetailerCreated', { key: retailer.name }));
    } else {
      id = before.id;
      const fields = changedFields(before, wanted, RETAILER_FIELDS);
      if (fields.length > 0 || before.position !== position)
        await trx
          .updateTable('aml_retailers')
          .set({ ...wanted, position })
          .where('id', '=', id)
          .execute();
      // A position follows from the document's order: not news for the operator.
      if (fields.length > 0)
        result.changes.push(
          formatMessage('apiCatalogueRetailerUpdated', { key: retailer.name, fields: fields.join(', ') }),
        );
    }

    const added: {
      product_code: string;
      retailer_id: number;
      name: string;
      price: number;
      image_url: string;
    }[] = [];
    for (const product of retailer.products) {
      const values = {
        retailer_id: id,
        name: product.name,
        price: centsOf(product.price),
        image_url: product.image_url ?? '',
      };
      const found = products.get(product.product_code);
      const params = { key: product.product_code, retailer: retailer.name };
      if (!found) {
        added.push({ product_code: product.product_code, ...values });
        result.changes.push(formatMessage('apiCatalogueVoucherCreated', params));
        continue;
      }
      const fields = changedFields(
        { ...found, retailer: found.retailer_id },
        { ...values, retailer: values.retailer_id },
        VOUCHER_FIELDS,
      );
      if (fields.length === 0) continue;
      await trx
        .updateTable('aml_products')
        .set(values)
        .where('product_code', '=', product.product_code)
        .execute();
      products.set(product.product_code, { product_code: product.product_code, ...values });
      result.changes.push(
        formatMessage('apiCatalogueVoucherUpdated', { ...params, fields: fields.join(', ') }),
      );
    }
    if (added.length > 0) await trx.insertInto('aml_products').values(added).execute();
  }

  if (!prune) return;
  const listed = new Set(retailers.flatMap((r) => r.products.map((p) => p.product_code)));
  const absent = [...products.keys()].filter((code) => !listed.has(code));
  const referenced = await referencedCodes(trx, ['aml'], absent);
  for (const code of absent) {
    const reason = referenced.get(code);
    if (reason) {
      result.kept.push(
        formatMessage('apiCatalogueVoucherKept', { key: code, reason: formatMessage(reason) }),
      );
      continue;
    }
    await trx.deleteFrom('aml_products').where('product_code', '=', code).execute();
    products.delete(code);
    result.changes.push(formatMessage('apiCatalogueVoucherRemoved', { key: code }));
  }
  const listedNames = new Set(retailers.map((r) => r.name));
  const holding = new Set([...products.values()].map((p) => p.retailer_id));
  for (const [name, row] of existing) {
    if (listedNames.has(name)) continue;
    if (holding.has(row.id)) {
      result.kept.push(
        formatMessage('apiCatalogueRetailerKept', {
          key: name,
          reason: formatMessage('apiCatalogueReasonProductsKept'),
        }),
      );
      continue;
    }
    await trx.deleteFrom('aml_retailers').where('id', '=', row.id).execute();
    result.changes.push(formatMessage('apiCatalogueRetailerRemoved', { key: name }));
  }
}

const CARD_FIELDS = ['name', 'price', 'image_url'] as const;

async function loadFuelCards(
  trx: Transaction<DB>,
  cards: readonly CatalogueFuelCard[],
  prune: boolean,
  result: CatalogueResult,
): Promise<void> {
  const existing = new Map(
    (
      await trx
        .selectFrom('fuel_cards')
        .select(['product_code', 'name', 'price', 'image_url'])
        .orderBy('id')
        .execute()
    ).map((row) => [row.product_code, { ...row, price: Number(row.price) }]),
  );
  for (const card of cards) {
    const values = { name: card.name, price: centsOf(card.price), image_url: card.image_url ?? '' };
    const before = existing.get(card.product_code);
    if (!before) {
      await trx
        .insertInto('fuel_cards')
        .values({ product_code: card.product_code, ...values })
        .execute();
      result.changes.push(formatMessage('apiCatalogueFuelCardCreated', { key: card.product_code }));
      continue;
    }
    const fields = changedFields(before, values, CARD_FIELDS);
    if (fields.length === 0) continue;
    await trx.updateTable('fuel_cards').set(values).where('product_code', '=', card.product_code).execute();
    result.changes.push(
      formatMessage('apiCatalogueFuelCardUpdated', { key: card.product_code, fields: fields.join(', ') }),
    );
  }

  if (!prune) return;
  const listed = new Set(cards.map((card) => card.product_code));
  const absent = [...existing.keys()].filter((code) => !listed.has(code));
  const referenced = await referencedCodes(trx, ['benzina'], absent);
  for (const code of absent) {
    const reason = referenced.get(code);
    if (reason) {
      result.kept.push(
        formatMessage('apiCatalogueFuelCardKept', { key: code, reason: formatMessage(reason) }),
      );
      continue;
    }
    await trx.deleteFrom('fuel_cards').where('product_code', '=', code).execute();
    result.changes.push(formatMessage('apiCatalogueFuelCardRemoved', { key: code }));
  }
}

/** Every catalogue a mutual-aid product may be sold under (by its section: config/purchases/showcases). */
const MUTUAL_AID_CATALOGUES: readonly ProductCatalogue[] = ['eurete', 'eurete-100', 'eurete-sanitaria'];
const SECTION_FIELDS = ['nome', 'descrizione', 'icona'] as const;
const MUTUAL_AID_FIELDS = [
  'section',
  'nome',
  'costo',
  'descrizione',
  'icona',
  'url_scheda',
  'url_regolamento',
] as const;

async function loadSections(
  trx: Transaction<DB>,
  sections: readonly CatalogueSection[],
  prune: boolean,
  result: CatalogueResult,
): Promise<void> {
  const category = screenConstants.eureteSectionsCategory;
  const existing = new Map(
    (
      await trx
        .selectFrom('eurete_sections')
        .select(['id', 'slug_name', 'nome', 'descrizione', 'icona', 'id_categ', 'position'])
        .orderBy('position')
        .orderBy('slug_name')
        .execute()
    ).map((row) => [
      row.slug_name,
      { ...row, id: Number(row.id), id_categ: Number(row.id_categ), position: Number(row.position) },
    ]),
  );
  const products = new Map(
    (
      await trx
        .selectFrom('eurete_products')
        .select([
          'slug_name',
          'section_id',
          'nome',
          'costo',
          'descrizione',
          'icona',
          'url_scheda',
          'url_regolamento',
        ])
        .orderBy('id')
        .execute()
    ).map((row) => [row.slug_name, { ...row, section_id: Number(row.section_id), costo: Number(row.costo) }]),
  );

  for (const [position, section] of sections.entries()) {
    const wanted = {
      nome: section.nome,
      descrizione: sanitizeMessageHtml(section.descrizione ?? ''),
      icona: section.icona ?? '',
    };
    const before = existing.get(section.slug);
    let id: number;
    if (!before) {
      const row = await trx
        .insertInto('eurete_sections')
        .values({ slug_name: section.slug, ...wanted, id_categ: category, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
      result.changes.push(formatMessage('apiCatalogueSectionCreated', { key: section.slug }));
    } else {
      id = before.id;
      const fields = changedFields(before, wanted, SECTION_FIELDS);
      if (before.id_categ !== category) fields.push('id_categ');
      if (fields.length > 0 || before.position !== position)
        await trx
          .updateTable('eurete_sections')
          .set({ ...wanted, id_categ: category, position })
          .where('id', '=', id)
          .execute();
      if (fields.length > 0)
        result.changes.push(
          formatMessage('apiCatalogueSectionUpdated', { key: section.slug, fields: fields.join(', ') }),
        );
    }

    const added: {
      slug_name: string;
      section_id: number;
      nome: string;
      costo: number;
      descrizione: string;
      icona: string;
      url_scheda: string;
      url_regolamento: string;
    }[] = [];
    for (const product of section.products) {
      const values = {
        section_id: id,
        nome: product.nome,
        costo: centsOf(product.costo),
        descrizione: sanitizeMessageHtml(product.descrizione ?? ''),
        icona: product.icona ?? '',
        url_scheda: product.url_scheda ?? '',
        url_regolamento: product.url_regolamento ?? '',
      };
      const found = products.get(product.slug);
      const params = { key: product.slug, section: section.slug };
      if (!found) {
        added.push({ slug_name: product.slug, ...values });
        result.changes.push(formatMessage('apiCatalogueMutualAidCreated', params));
        continue;
      }
      const fields = changedFields(
        { ...found, section: found.section_id },
        { ...values, section: values.section_id },
        MUTUAL_AID_FIELDS,
      );
      if (fields.length === 0) continue;
      await trx.updateTable('eurete_products').set(values).where('slug_name', '=', product.slug).execute();
      products.set(product.slug, { slug_name: product.slug, ...values });
      result.changes.push(
        formatMessage('apiCatalogueMutualAidUpdated', { ...params, fields: fields.join(', ') }),
      );
    }
    if (added.length > 0) await trx.insertInto('eurete_products').values(added).execute();
  }

  if (!prune) return;
  // Only the category's sections are this document's to prune (the sections' pages read no other).
  const ours = new Set([...existing.values()].filter((s) => s.id_categ === category).map((s) => s.id));
  const listedSlugs = new Set(sections.flatMap((s) => s.products.map((p) => p.slug)));
  const absent = [...products.values()]
    .filter((p) => ours.has(p.section_id) && !listedSlugs.has(p.slug_name))
    .map((p) => p.slug_name);
  const referenced = await referencedCodes(trx, MUTUAL_AID_CATALOGUES, absent);
  for (const slug of absent) {
    const reason = referenced.get(slug);
    if (reason) {
      result.kept.push(
        formatMessage('apiCatalogueMutualAidKept', { key: slug, reason: formatMessage(reason) }),
      );
      continue;
    }
    await trx.deleteFrom('eurete_products').where('slug_name', '=', slug).execute();
    products.delete(slug);
    result.changes.push(formatMessage('apiCatalogueMutualAidRemoved', { key: slug }));
  }
  const listedSections = new Set(sections.map((s) => s.slug));
  const holding = new Set([...products.values()].map((p) => p.section_id));
  for (const [slug, row] of existing) {
    if (listedSections.has(slug) || row.id_categ !== category) continue;
    if (holding.has(row.id)) {
      result.kept.push(
        formatMessage('apiCatalogueSectionKept', {
          key: slug,
          reason: formatMessage('apiCatalogueReasonProductsKept'),
        }),
      );
      continue;
    }
    await trx.deleteFrom('eurete_sections').where('id', '=', row.id).execute();
    result.changes.push(formatMessage('apiCatalogueSectionRemoved', { key: slug }));
  }
}
