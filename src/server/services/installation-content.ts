/**
 * Installation content (issue 24): what an installation shows of the outside world besides its env
 * addresses (services/external-links.ts), from a JSON document (schemas/admin/installation-content.json)
 * loaded by `npm run admin -- content FILE`: documentation links by site-documentazione group, tutorial
 * videos by group, the store pages of the app voucher pages' apps, each customer's code at the benefit
 * hub provider. A document rather than a declaration in config/: the addresses differ per installation
 * and change without a release. Links are per installation (the static link tables and calls have no
 * customer); the benefit hub code is per customer, and so is the home (carousel slides and info popup):
 * a slide is known by its customer and slug (`rif_esterno` `content-slide-<customer>-<slug>`); one the
 * users clicked is hidden (inactive) by --prune, never deleted (its clicks refer to it).
 *
 * Idempotent by natural keys (a link's slug, a group, a page, a customer code): the same document twice
 * changes nothing, a changed field is updated, a section the document leaves out is left alone, and
 * what a section does not list is removed only with `prune`. A document with any problem is refused
 * whole, every problem named by its JSON path, nothing written. Demo mode loads its own document
 * through here (db/demo-content.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { documentationGroups } from '../../../config/content-pages';
import { appVoucherPages } from '../../../config/showcases/app-vouchers';
import type { InstallationContent, InstallationContentLink } from '../../../schemas/wire-types.gen';
import type { DB, StaticLinkType } from '../db/schema';
import { declaredText, formatMessage } from '../messages';
import { carouselImages, isDeclaredAction } from './carousel';

const schemaFile = (name: string) =>
  fileURLToPath(new URL(`../../../schemas/admin/${name}.json`, import.meta.url));

let validator: ReturnType<Ajv2020['compile']> | undefined;

/** Ajv's complaint in Italian, for the operator (also the catalogues' loader's). */
export function describeSchemaError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return formatMessage('apiContentFieldMissing', { field: String(params.missingProperty) });
    case 'additionalProperties':
      return formatMessage('apiContentFieldUnknown', { field: String(params.additionalProperty) });
    case 'type':
      return formatMessage('apiContentFieldType', { type: String(params.type) });
    case 'pattern':
      return formatMessage('apiContentFieldPattern');
    case 'minLength':
      return formatMessage('apiContentFieldEmpty');
    case 'maxLength':
      return formatMessage('apiContentFieldTooLong', { limit: String(params.limit) });
    default:
      return formatMessage('apiContentFieldInvalid');
  }
}

/** An https address with a host, or a path of this server (what the schema's pattern lets through). */
function isUsableUrl(url: string): boolean {
  if (url.startsWith('/')) return true;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

const DOCUMENTATION_GROUPS: ReadonlyMap<string, string> = new Map(
  documentationGroups.map((group) => [group.slug, declaredText(group.title)]),
);
const APP_PAGES: ReadonlySet<string> = new Set(appVoucherPages.map((page) => page.route_name));

/**
 * Every problem of a document that needs no database: its schema, then known groups and pages, usable
 * addresses and keys used once. Customers are checked against the database when loading.
 */
export function installationContentProblems(document: unknown): string[] {
  if (!validator) {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema(JSON.parse(readFileSync(schemaFile('installation-content-link'), 'utf8')) as object);
    validator = ajv.compile(JSON.parse(readFileSync(schemaFile('installation-content'), 'utf8')) as object);
  }
  if (!validator(document))
    return (validator.errors ?? []).map((e) => `${e.instancePath || '/'}: ${describeSchemaError(e)}`);
  const doc = document as InstallationContent;
  const problems: string[] = [];
  const once = (seen: Map<string, string>, key: string, path: string) => {
    const first = seen.get(key);
    if (first) problems.push(`${path}: ${formatMessage('apiContentRepeated', { value: key, path: first })}`);
    else seen.set(key, path);
  };
  const checkLinks = (section: 'documentation' | 'tutorials') => {
    const groups = new Map<string, string>();
    const slugs = new Map<string, string>();
    doc[section]?.forEach((group, i) => {
      const at = `/${section}/${i}`;
      once(groups, group.group, `${at}/group`);
      if (section === 'documentation' && !DOCUMENTATION_GROUPS.has(group.group))
        problems.push(
          `${at}/group: ${formatMessage('apiContentGroupUnknown', {
            group: group.group,
            groups: [...DOCUMENTATION_GROUPS.keys()].join(', '),
          })}`,
        );
      group.links.forEach((link, j) => {
        once(slugs, link.slug, `${at}/links/${j}/slug`);
        if (!isUsableUrl(link.url))
          problems.push(`${at}/links/${j}/url: ${formatMessage('apiContentUrlInvalid')}`);
      });
    });
  };
  checkLinks('documentation');
  checkLinks('tutorials');
  const pages = new Map<string, string>();
  doc.apps?.forEach((app, i) => {
    const at = `/apps/${i}`;
    once(pages, app.page, `${at}/page`);
    if (!APP_PAGES.has(app.page))
      problems.push(
        `${at}/page: ${formatMessage('apiContentPageUnknown', { page: app.page, pages: [...APP_PAGES].join(', ') })}`,
      );
    if (app.ios === undefined && app.android === undefined)
      problems.push(`${at}: ${formatMessage('apiContentAppEmpty')}`);
    for (const store of ['ios', 'android'] as const) {
      const url = app[store];
      if (url !== undefined && !isUsableUrl(url))
        problems.push(`${at}/${store}: ${formatMessage('apiContentUrlInvalid')}`);
    }
  });
  const customers = new Map<string, string>();
  doc.customers?.forEach((customer, i) => once(customers, customer.code, `/customers/${i}/code`));
  const homes = new Map<string, string>();
  doc.home?.forEach((home, i) => {
    const at = `/home/${i}`;
    once(homes, home.customer, `${at}/customer`);
    const slugs = new Map<string, string>();
    home.slides?.forEach((slide, j) => {
      once(slugs, slide.slug, `${at}/slides/${j}/slug`);
      if (!carouselImages().has(slide.image))
        problems.push(
          `${at}/slides/${j}/image: ${formatMessage('apiContentImageUnknown', {
            image: slide.image,
            images: [...carouselImages().keys()].join(', '),
          })}`,
        );
      if (!isDeclaredAction(slide.action, slide.target ?? null))
        problems.push(
          `${at}/slides/${j}/target: ${formatMessage('apiContentActionTarget', {
            target: slide.target ?? '',
            action: slide.action,
          })}`,
        );
    });
  });
  return problems;
}

/** A document refused whole: every problem, by its JSON path. */
export class InstallationContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${formatMessage('apiContentRefused', { n: String(problems.length) })}\n- ${problems.join('\n- ')}`,
    );
  }
}

export interface InstallationContentResult {
  /** One line per entry that changed, in Italian. */
  changes: string[];
}

/** Arbitrary constant shared by every loader ("cont" in ASCII): two loads (or demo starts) take turns. */
const CONTENT_LOCK_ID = 0x636f6e74;

/**
 * Makes the database say what the document says, in one transaction (after
 * `installationContentProblems` found nothing); an unknown customer refuses the whole document.
 */
export async function loadInstallationContent(
  db: Kysely<DB>,
  document: InstallationContent,
  options: { prune?: boolean } = {},
): Promise<InstallationContentResult> {
  const problems = installationContentProblems(document);
  if (problems.length > 0) throw new InstallationContentError(problems);
  const prune = options.prune === true;
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${CONTENT_LOCK_ID})`.execute(trx);
    const changes: string[] = [];
    if (document.documentation)
      await loadLinks(
        trx,
        'documentazione',
        document.documentation.map((group) => ({
          ...group,
          nome: DOCUMENTATION_GROUPS.get(group.group) ?? group.group,
        })),
        prune,
        changes,
      );
    if (document.tutorials) await loadLinks(trx, 'tutorial', document.tutorials, prune, changes);
    if (document.apps) await loadApps(trx, document.apps, prune, changes);
    const unknown: string[] = [];
    if (document.customers) unknown.push(...(await loadCustomers(trx, document.customers, prune, changes)));
    if (document.home) unknown.push(...(await loadHomes(trx, document.home, prune, changes)));
    if (unknown.length > 0) throw new InstallationContentError(unknown);
    return { changes };
  });
}

interface LinkGroup {
  group: string;
  nome: string;
  links: InstallationContentLink[];
}

async function loadLinks(
  trx: Transaction<DB>,
  type: StaticLinkType,
  groups: readonly LinkGroup[],
  prune: boolean,
  changes: string[],
): Promise<void> {
  const existingGroups = new Map(
    (
      await trx
        .selectFrom('static_link_groups')
        .select(['slug_name', 'nome', 'position'])
        .where('type', '=', type)
        .orderBy('position')
        .orderBy('slug_name')
        .execute()
    ).map((row) => [row.slug_name, row]),
  );
  const existingLinks = new Map(
    (
      await trx
        .selectFrom('static_links')
        .select(['slug_name', 'group_slug', 'nome', 'descrizione', 'url', 'position'])
        .where('type', '=', type)
        .orderBy('id')
        .execute()
    ).map((row) => [row.slug_name, row]),
  );

  for (const [g, group] of groups.entries()) {
    const wanted = { nome: group.nome, position: g + 1 };
    const found = existingGroups.get(group.group);
    if (!found) {
      await trx
        .insertInto('static_link_groups')
        .values({ type, slug_name: group.group, ...wanted })
        .execute();
      changes.push(formatMessage('apiContentGroupCreated', { kind: type, group: group.group }));
    } else if (found.nome !== wanted.nome || found.position !== wanted.position) {
      await trx
        .updateTable('static_link_groups')
        .set(wanted)
        .where('type', '=', type)
        .where('slug_name', '=', group.group)
        .execute();
      // Only a new name is news for the operator; a position follows from the document's order.
      if (found.nome !== wanted.nome)
        changes.push(formatMessage('apiContentGroupUpdated', { kind: type, group: group.group }));
    }
    for (const [l, link] of group.links.entries()) {
      const values = {
        group_slug: group.group,
        nome: link.nome,
        descrizione: link.descrizione ?? '',
        url: link.url,
        position: l + 1,
      };
      const before = existingLinks.get(link.slug);
      const params = { kind: type, group: group.group, slug: link.slug };
      if (!before) {
        await trx
          .insertInto('static_links')
          .values({ type, slug_name: link.slug, ...values })
          .execute();
        changes.push(formatMessage('apiContentLinkCreated', params));
      } else if (
        before.group_slug !== values.group_slug ||
        before.nome !== values.nome ||
        before.descrizione !== values.descrizione ||
        before.url !== values.url ||
        before.position !== values.position
      ) {
        await trx
          .updateTable('static_links')
          .set(values)
          .where('type', '=', type)
          .where('slug_name', '=', link.slug)
          .execute();
        changes.push(formatMessage('apiContentLinkUpdated', params));
      }
    }
  }

  if (!prune) return;
  const listedLinks = new Set(groups.flatMap((group) => group.links.map((link) => link.slug)));
  for (const slug of existingLinks.keys()) {
    if (listedLinks.has(slug)) continue;
    await trx.deleteFrom('static_links').where('type', '=', type).where('slug_name', '=', slug).execute();
    changes.push(formatMessage('apiContentLinkRemoved', { kind: type, slug }));
  }
  const listedGroups = new Set(groups.map((group) => group.group));
  for (const slug of existingGroups.keys()) {
    if (listedGroups.has(slug)) continue;
    // Its links were not listed either (every listed link sits in a listed group): gone above.
    await trx
      .deleteFrom('static_link_groups')
      .where('type', '=', type)
      .where('slug_name', '=', slug)
      .execute();
    changes.push(formatMessage('apiContentGroupRemoved', { kind: type, group: slug }));
  }
}

async function loadApps(
  trx: Transaction<DB>,
  apps: NonNullable<InstallationContent['apps']>,
  prune: boolean,
  changes: string[],
): Promise<void> {
  const existing = new Map(
    (await trx.selectFrom('app_links').selectAll().orderBy('route_name').execute()).map((row) => [
      row.route_name,
      row,
    ]),
  );
  for (const app of apps) {
    const values = { ios: app.ios ?? null, android: app.android ?? null };
    const before = existing.get(app.page);
    if (!before) {
      await trx
        .insertInto('app_links')
        .values({ route_name: app.page, ...values })
        .execute();
      changes.push(formatMessage('apiContentAppCreated', { page: app.page }));
    } else if (before.ios !== values.ios || before.android !== values.android) {
      await trx.updateTable('app_links').set(values).where('route_name', '=', app.page).execute();
      changes.push(formatMessage('apiContentAppUpdated', { page: app.page }));
    }
  }
  if (!prune) return;
  const listed = new Set(apps.map((app) => app.page));
  for (const page of existing.keys()) {
    if (listed.has(page)) continue;
    await trx.deleteFrom('app_links').where('route_name', '=', page).execute();
    changes.push(formatMessage('apiContentAppRemoved', { page }));
  }
}

/** Sets the customers' codes; returns the problems of unknown customers (the caller rolls back). */
async function loadCustomers(
  trx: Transaction<DB>,
  customers: NonNullable<InstallationContent['customers']>,
  prune: boolean,
  changes: string[],
): Promise<string[]> {
  const existing = new Map(
    (await trx.selectFrom('customers').select(['slug', 'benefit_hub_code']).orderBy('slug').execute()).map(
      (row) => [row.slug, row.benefit_hub_code],
    ),
  );
  const unknown: string[] = [];
  const set = async (code: string, value: string | null) => {
    await trx.updateTable('customers').set({ benefit_hub_code: value }).where('slug', '=', code).execute();
    changes.push(
      formatMessage(value === null ? 'apiContentCustomerCodeCleared' : 'apiContentCustomerCodeSet', { code }),
    );
  };
  for (const [i, customer] of customers.entries()) {
    if (!existing.has(customer.code)) {
      unknown.push(
        `/customers/${i}/code: ${formatMessage('apiContentCustomerUnknown', { code: customer.code })}`,
      );
      continue;
    }
    if (existing.get(customer.code) !== customer.benefit_hub_code)
      await set(customer.code, customer.benefit_hub_code);
  }
  if (prune && unknown.length === 0) {
    const listed = new Set(customers.map((customer) => customer.code));
    for (const [code, value] of existing) if (!listed.has(code) && value !== null) await set(code, null);
  }
  return unknown;
}

type HomeDeclaration = NonNullable<InstallationContent['home']>[number];
type SlideDeclaration = NonNullable<HomeDeclaration['slides']>[number];

const slideKey = (customer: string, slug: string) => `content-slide-${customer}-${slug}`;

/**
 * Each listed customer's slides and popup; with `prune`, the customers the section leaves out lose theirs.
 * Returns the problems of unknown customers (the caller rolls back).
 */
async function loadHomes(
  trx: Transaction<DB>,
  homes: readonly HomeDeclaration[],
  prune: boolean,
  changes: string[],
): Promise<string[]> {
  const customers = new Map(
    (await trx.selectFrom('customers').select(['id', 'slug']).orderBy('slug').execute()).map((row) => [
      row.slug,
      Number(row.id),
    ]),
  );
  const unknown: string[] = [];
  for (const [i, home] of homes.entries()) {
    const customerId = customers.get(home.customer);
    if (customerId === undefined) {
      unknown.push(
        `/home/${i}/customer: ${formatMessage('apiContentCustomerUnknown', { code: home.customer })}`,
      );
      continue;
    }
    if (home.popup !== undefined) await loadPopup(trx, home.customer, customerId, home.popup, changes);
    if (home.slides) await loadSlides(trx, home.customer, customerId, home.slides, prune, changes);
  }
  if (prune && unknown.length === 0) {
    const listed = new Set(homes.map((home) => home.customer));
    for (const [code, customerId] of customers) {
      if (listed.has(code)) continue;
      await loadPopup(trx, code, customerId, null, changes);
      await loadSlides(trx, code, customerId, [], true, changes);
    }
  }
  return unknown;
}

async function loadPopup(
  trx: Transaction<DB>,
  code: string,
  customerId: number,
  popup: string | null,
  changes: string[],
): Promise<void> {
  const before = await trx
    .selectFrom('info_popups')
    .select('content')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  const wanted = popup !== null && popup.trim() !== '' ? popup : null;
  if (wanted === null) {
    if (!before) return;
    await trx.deleteFrom('info_popups').where('customer_id', '=', customerId).execute();
    changes.push(formatMessage('apiContentPopupRemoved', { code }));
  } else if (!before) {
    await trx.insertInto('info_popups').values({ customer_id: customerId, content: wanted }).execute();
    changes.push(formatMessage('apiContentPopupSet', { code }));
  } else if (before.content !== wanted) {
    await trx
      .updateTable('info_popups')
      .set({ content: wanted, updated_at: new Date() })
      .where('customer_id', '=', customerId)
      .execute();
    changes.push(formatMessage('apiContentPopupSet', { code }));
  }
}

/**
 * A customer's slides: the listed ones created or updated (by `rif_esterno`), in the document's order;
 * with `prune`, every other slide of the customer removed, or hidden when it has clicks.
 */
async function loadSlides(
  trx: Transaction<DB>,
  code: string,
  customerId: number,
  slides: readonly SlideDeclaration[],
  prune: boolean,
  changes: string[],
): Promise<void> {
  const existing = await trx
    .selectFrom('carousel_slides')
    .select([
      'id',
      'rif_esterno',
      'position',
      'file_name',
      'title',
      'subtitle',
      'body',
      'cta_label',
      'action_type',
      'action_target',
      'active',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const byKey = new Map(existing.map((row) => [row.rif_esterno, row]));
  for (const [j, slide] of slides.entries()) {
    const values = {
      position: j + 1,
      file_name: slide.image,
      title: slide.title,
      subtitle: slide.subtitle ?? '',
      body: slide.body ?? '',
      cta_label: slide.cta_label ?? '',
      action_type: slide.action,
      action_target: slide.action === 'none' ? null : (slide.target ?? null),
      active: slide.active ?? true,
    };
    const rif = slideKey(code, slide.slug);
    const before = byKey.get(rif);
    const params = { code, slug: slide.slug };
    if (!before) {
      // A slug another customer's slide holds cannot be: the key carries the customer.
      await trx
        .insertInto('carousel_slides')
        .values({ customer_id: customerId, rif_esterno: rif, ...values })
        .execute();
      changes.push(formatMessage('apiContentSlideCreated', params));
    } else if ((Object.keys(values) as (keyof typeof values)[]).some((k) => before[k] !== values[k])) {
      await trx.updateTable('carousel_slides').set(values).where('id', '=', before.id).execute();
      changes.push(formatMessage('apiContentSlideUpdated', params));
    }
  }
  if (!prune) return;
  const listed = new Set(slides.map((slide) => slideKey(code, slide.slug)));
  const prefix = slideKey(code, '');
  for (const row of existing) {
    if (row.rif_esterno !== null && listed.has(row.rif_esterno)) continue;
    const slug = row.rif_esterno?.startsWith(prefix)
      ? row.rif_esterno.slice(prefix.length)
      : (row.rif_esterno ?? String(row.id));
    const clicked = await trx
      .selectFrom('carousel_clicks')
      .select('id')
      .where('slide_id', '=', row.id)
      .limit(1)
      .executeTakeFirst();
    if (clicked) {
      if (!row.active) continue;
      await trx.updateTable('carousel_slides').set({ active: false }).where('id', '=', row.id).execute();
      changes.push(formatMessage('apiContentSlideHidden', { code, slug }));
    } else {
      await trx.deleteFrom('carousel_slides').where('id', '=', row.id).execute();
      changes.push(formatMessage('apiContentSlideRemoved', { code, slug }));
    }
  }
}
