/**
 * Reference data (ARCHITECTURE.md §8a): what every installation needs, declared in config/ and written
 * into the database at every start, in demo mode or not:
 * - the permission grants: every profile's keys of the menu-permission map (config/permissions.ts,
 *   chosen from config/routes.ts and config/menu.ts) and the customers' additions and removals;
 * - the forms' lists (config/reference-lists.ts): document types and the file kinds offering them,
 *   kinship relations, the category sets, the pension funds. A list entry no longer declared is removed
 *   unless something still uses it (a document of that type, a beneficiary of that relation, a request
 *   of that category, a user of that fund): then it is kept and the log says so;
 * - the Italian provinces (config/provinces.ts) the conventions' suppliers name: one no longer declared
 *   is removed unless a supplier names it (then kept, and said).
 * One transaction under an advisory lock, so instances starting together write them once; idempotent
 * (a new declaration appears, a removed one disappears, the users' own grants stay); the answer says
 * what changed, for the start log.
 */
import { sql, type Transaction } from 'kysely';
import {
  customerGrants as declaredCustomerGrants,
  menuSubsectionKeys,
  profileGrants as declaredProfileGrants,
  type CustomerGrant,
  type ProfileGrant,
  type ProfileName,
} from '../../../config/permissions';
import type { PermissionRule, RouteRule } from '../../../config/routes';
import * as declaredLists from '../../../config/reference-lists';
import type {
  DocumentTypeDeclaration,
  KinshipRelationDeclaration,
  PensionFundDeclaration,
  PurchaseCategoryDeclaration,
} from '../../../config/reference-lists';
import { provinces as declaredProvinces, type ProvinceDeclaration } from '../../../config/provinces';
import type { Database } from '../db/connect';
import type { DB } from '../db/schema';
import { isFileKind } from './documents';

export interface ReferenceDeclarations {
  /** The app's route table (config/routes.ts, plus the routes a test hands to buildApp). */
  routes: Readonly<Record<string, RouteRule>>;
  profiles: Readonly<Record<ProfileName, ProfileGrant>>;
  customers: Readonly<Record<string, CustomerGrant>>;
  lists: ReferenceLists;
}

export interface ReferenceLists {
  documentTypes: readonly DocumentTypeDeclaration[];
  kinshipRelations: readonly KinshipRelationDeclaration[];
  purchaseCategories: readonly PurchaseCategoryDeclaration[];
  pensionFunds: readonly PensionFundDeclaration[];
  provinces: readonly ProvinceDeclaration[];
}

/** The declarations of config/, over a route table. */
export function declaredReference(routes: Readonly<Record<string, RouteRule>>): ReferenceDeclarations {
  return {
    routes,
    profiles: declaredProfileGrants,
    customers: declaredCustomerGrants,
    lists: {
      documentTypes: declaredLists.documentTypes,
      kinshipRelations: declaredLists.kinshipRelations,
      purchaseCategories: declaredLists.purchaseCategories,
      pensionFunds: declaredLists.pensionFunds,
      provinces: declaredProvinces,
    },
  };
}

/** What the database's checks would refuse, said before anything is written, naming the entry. */
export function listProblems(lists: ReferenceLists): string[] {
  const problems: string[] = [];
  const named = (nome: string) => typeof nome === 'string' && nome.trim().length > 0 && nome.length <= 200;
  const unique = <T>(what: string, items: readonly T[], key: (item: T) => string | number) => {
    const seen = new Set<string | number>();
    for (const item of items) {
      if (seen.has(key(item))) problems.push(`${what} ${key(item)} dichiarato due volte`);
      seen.add(key(item));
    }
  };
  unique('tipo di documento', lists.documentTypes, (d) => d.id);
  for (const d of lists.documentTypes) {
    if (!Number.isInteger(d.id) || d.id < 1 || d.id > 999)
      problems.push(`tipo di documento ${d.id}: id fuori da 1-999`);
    if (!named(d.nome)) problems.push(`tipo di documento ${d.id}: nome mancante`);
    for (const kind of d.offeredBy)
      if (!isFileKind(kind)) problems.push(`tipo di documento ${d.id}: tipo di file sconosciuto «${kind}»`);
  }
  unique('relazione', lists.kinshipRelations, (r) => r.id);
  for (const r of lists.kinshipRelations) {
    if (!Number.isInteger(r.id) || r.id < 1 || r.id > 99)
      problems.push(`relazione ${r.id}: id fuori da 1-99`);
    if (!named(r.nome)) problems.push(`relazione ${r.id}: nome mancante`);
  }
  unique('categoria', lists.purchaseCategories, (c) => c.id);
  for (const c of lists.purchaseCategories) {
    if (!Number.isInteger(c.id) || c.id < 1) problems.push(`categoria ${c.id}: id non valido`);
    if (!Number.isInteger(c.kind) || c.kind < 1 || c.kind > 14)
      problems.push(`categoria ${c.id}: tipo ${c.kind} fuori da 1-14`);
    if (!named(c.nome)) problems.push(`categoria ${c.id}: nome mancante`);
  }
  unique('fondo pensione', lists.pensionFunds, (f) => f.covip);
  for (const f of lists.pensionFunds) {
    if (!/^[0-9A-Za-z]{1,20}$/.test(f.covip))
      problems.push(`fondo pensione «${f.covip}»: numero COVIP non valido`);
    if (!named(f.nome) || !named(f.istituto))
      problems.push(`fondo pensione ${f.covip}: nome o istituto mancante`);
  }
  unique('provincia', lists.provinces, (p) => p.sigla);
  for (const p of lists.provinces) {
    if (!/^[A-Z]{2}$/.test(p.sigla))
      problems.push(`provincia «${p.sigla}»: sigla non di due lettere maiuscole`);
    if (typeof p.nome !== 'string' || p.nome.trim().length === 0 || p.nome.length > 60)
      problems.push(`provincia ${p.sigla}: nome mancante o più lungo di 60 caratteri`);
  }
  return problems;
}

const keysOf = (rule: PermissionRule): string[] => (typeof rule === 'string' ? [rule] : [...rule.anyOf]);

/** Every key a grant may name: route names, the menu's subsection keys, the keys routes ask for. */
function knownKeys(routes: ReferenceDeclarations['routes']): Set<string> {
  const keys = new Set<string>([...Object.keys(routes), ...menuSubsectionKeys()]);
  for (const rule of Object.values(routes))
    if (rule.permission) for (const key of keysOf(rule.permission)) keys.add(key);
  return keys;
}

/** A profile's keys, by its rules. */
function profileKeys(
  declarations: ReferenceDeclarations,
  profile: ProfileName,
  seen = new Set<ProfileName>(),
): Set<string> {
  // `seen` is the chain of inclusions that led here: a profile met again on it includes itself.
  if (seen.has(profile)) throw new Error(`permessi: il profilo ${profile} include se stesso`);
  const chain = new Set([...seen, profile]);
  const grant = declarations.profiles[profile];
  const keys = new Set<string>();
  for (const included of grant.includes ?? [])
    for (const key of profileKeys(declarations, included, chain)) keys.add(key);
  if (grant.routesFor) {
    for (const [name, rule] of Object.entries(declarations.routes)) {
      if (rule.access !== 'login') continue;
      const forProfile = rule.profile ?? 'everyone';
      if (forProfile === grant.routesFor) keys.add(name);
    }
  }
  if (grant.menuSubsections) for (const key of menuSubsectionKeys()) keys.add(key);
  for (const key of grant.add ?? []) keys.add(key);
  for (const key of grant.remove ?? []) keys.delete(key);
  return keys;
}

export interface GrantRows {
  profiles: { profile: ProfileName; perm: string }[];
  customers: { customer_slug: string; profile: ProfileName; perm: string; granted: boolean }[];
}

/**
 * The rows the declarations give, or an error naming every problem: a grant naming a key nothing
 * declares, and a gated route whose permission no profile can hold (the route would reach nobody).
 */
export function grantRows(declarations: ReferenceDeclarations): GrantRows {
  const known = knownKeys(declarations.routes);
  const problems: string[] = [];
  const profiles = Object.keys(declarations.profiles) as ProfileName[];
  const rows: GrantRows = { profiles: [], customers: [] };
  const granted = new Set<string>();
  for (const profile of profiles) {
    const grant = declarations.profiles[profile];
    for (const key of [...(grant.add ?? []), ...(grant.remove ?? [])])
      if (!known.has(key)) problems.push(`il profilo ${profile} nomina la chiave sconosciuta «${key}»`);
    for (const perm of [...profileKeys(declarations, profile)].sort()) {
      rows.profiles.push({ profile, perm });
      granted.add(perm);
    }
  }
  for (const [slug, change] of Object.entries(declarations.customers)) {
    for (const [list, isGranted] of [
      [change.add, true],
      [change.remove, false],
    ] as const) {
      for (const [profile, keys] of Object.entries(list ?? {}) as [ProfileName, readonly string[]][]) {
        if (!profiles.includes(profile))
          problems.push(`il cliente ${slug} nomina il profilo sconosciuto «${profile}»`);
        for (const perm of keys) {
          if (!known.has(perm)) problems.push(`il cliente ${slug} nomina la chiave sconosciuta «${perm}»`);
          rows.customers.push({ customer_slug: slug, profile, perm, granted: isGranted });
          if (isGranted) granted.add(perm);
        }
      }
    }
  }
  for (const [name, rule] of Object.entries(declarations.routes)) {
    if (rule.access !== 'login' || !rule.permission) continue;
    if (!keysOf(rule.permission).some((key) => granted.has(key)))
      problems.push(`la rotta «${name}» non è concessa a nessun profilo (config/permissions.ts)`);
  }
  if (problems.length > 0) throw new Error(`Permessi non validi:\n- ${problems.join('\n- ')}`);
  return rows;
}

export interface ReferenceChanges {
  added: number;
  removed: number;
  changed: string[];
}

/** Arbitrary constant shared by every instance ("refd" in ASCII); the migrations and the seed use others. */
const REFERENCE_LOCK_ID = 0x72656664;

/** Writes the declared grants: what is missing appears, what is no longer declared disappears. */
async function writeGrants(trx: Transaction<DB>, rows: GrantRows): Promise<ReferenceChanges> {
  const changed: string[] = [];
  const current = await trx.selectFrom('profile_permissions').select(['profile', 'perm']).execute();
  const profileKey = (r: { profile: string; perm: string }) => `${r.profile}:${r.perm}`;
  const wanted = new Set(rows.profiles.map(profileKey));
  const have = new Set(current.map(profileKey));
  const missing = rows.profiles.filter((r) => !have.has(profileKey(r)));
  const stale = current.filter((r) => !wanted.has(profileKey(r)));
  if (missing.length > 0) await trx.insertInto('profile_permissions').values(missing).execute();
  for (const r of stale)
    await trx
      .deleteFrom('profile_permissions')
      .where('profile', '=', r.profile)
      .where('perm', '=', r.perm)
      .execute();
  changed.push(...missing.map((r) => `+${profileKey(r)}`), ...stale.map((r) => `-${profileKey(r)}`));

  const customerKey = (r: { customer_slug: string; profile: string; perm: string; granted: boolean }) =>
    `${r.customer_slug}:${r.profile}:${r.perm}:${r.granted ? 'concessa' : 'tolta'}`;
  const currentCustomers = await trx
    .selectFrom('customer_permissions')
    .select(['customer_slug', 'profile', 'perm', 'granted'])
    .execute();
  const wantedCustomers = new Set(rows.customers.map(customerKey));
  const haveCustomers = new Set(currentCustomers.map(customerKey));
  const staleCustomers = currentCustomers.filter((r) => !wantedCustomers.has(customerKey(r)));
  const missingCustomers = rows.customers.filter((r) => !haveCustomers.has(customerKey(r)));
  for (const r of staleCustomers)
    await trx
      .deleteFrom('customer_permissions')
      .where('customer_slug', '=', r.customer_slug)
      .where('profile', '=', r.profile)
      .where('perm', '=', r.perm)
      .execute();
  if (missingCustomers.length > 0)
    await trx.insertInto('customer_permissions').values(missingCustomers).execute();
  changed.push(
    ...missingCustomers.map((r) => `+${customerKey(r)}`),
    ...staleCustomers.map((r) => `-${customerKey(r)}`),
  );
  return {
    added: missing.length + missingCustomers.length,
    removed: stale.length + staleCustomers.length,
    changed,
  };
}

/**
 * One list into its table: missing rows inserted, differing ones updated, undeclared ones deleted when
 * `unused` says nothing refers to them (else kept, and said).
 */
async function writeList<Row extends Record<string, unknown>>(
  trx: Transaction<DB>,
  what: string,
  table: 'document_types' | 'kinship_relations' | 'purchase_categories' | 'pension_funds' | 'conv_provinces',
  key: keyof Row & string,
  wanted: readonly Row[],
  unused: (keyValue: Row[keyof Row]) => Promise<boolean>,
): Promise<ReferenceChanges> {
  const changed: string[] = [];
  let added = 0;
  let removed = 0;
  // Untyped on purpose: one routine for four tables whose rows are the declarations' own shape.
  const db = trx as unknown as Transaction<Record<string, Row>>;
  const current = (await db.selectFrom(table).selectAll().execute()) as Row[];
  const byKey = new Map(current.map((row) => [String(row[key]), row]));
  const declaredKeys = new Set(wanted.map((row) => String(row[key])));
  for (const row of wanted) {
    const have = byKey.get(String(row[key]));
    if (!have) {
      await db
        .insertInto(table)
        .values(row as never)
        .execute();
      changed.push(`+${what} ${String(row[key])}`);
      added += 1;
    } else if (Object.keys(row).some((column) => String(have[column]) !== String(row[column]))) {
      await db
        .updateTable(table)
        .set(row as never)
        .where(key, '=', row[key] as never)
        .execute();
      changed.push(`~${what} ${String(row[key])}`);
    }
  }
  for (const row of current) {
    if (declaredKeys.has(String(row[key]))) continue;
    if (await unused(row[key])) {
      await db
        .deleteFrom(table)
        .where(key, '=', row[key] as never)
        .execute();
      changed.push(`-${what} ${String(row[key])}`);
      removed += 1;
    } else {
      changed.push(`=${what} ${String(row[key])} non più dichiarato, tenuto perché in uso`);
    }
  }
  return { added, removed, changed };
}

/** The forms' lists of config/reference-lists.ts. */
async function writeLists(trx: Transaction<DB>, lists: ReferenceLists): Promise<ReferenceChanges> {
  const none = async (query: { executeTakeFirst(): Promise<unknown> }) =>
    (await query.executeTakeFirst()) === undefined;
  // The file kinds offering each type go first out of the way: a type leaving must not be held by them.
  const offers = lists.documentTypes.flatMap((d) =>
    d.offeredBy.map((file_kind) => ({ file_kind, type_id: d.id })),
  );
  const offerKey = (o: { file_kind: string; type_id: number }) => `${o.file_kind}:${o.type_id}`;
  const currentOffers = await trx
    .selectFrom('document_type_kinds')
    .select(['file_kind', 'type_id'])
    .execute();
  const wantedOffers = new Set(offers.map(offerKey));
  const haveOffers = new Set(currentOffers.map(offerKey));
  const staleOffers = currentOffers.filter((o) => !wantedOffers.has(offerKey(o)));
  for (const o of staleOffers)
    await trx
      .deleteFrom('document_type_kinds')
      .where('file_kind', '=', o.file_kind)
      .where('type_id', '=', o.type_id)
      .execute();
  const results = [
    await writeList(
      trx,
      'tipo di documento',
      'document_types',
      'id',
      lists.documentTypes.map(({ id, nome }) => ({ id, nome })),
      (id) => none(trx.selectFrom('documents').select('id').where('file_kind_id', '=', Number(id)).limit(1)),
    ),
  ];
  const missingOffers = offers.filter((o) => !haveOffers.has(offerKey(o)));
  if (missingOffers.length > 0)
    await trx
      .insertInto('document_type_kinds')
      .values(missingOffers as never)
      .execute();
  const offersChanged = [
    ...missingOffers.map((o) => `+tipo di file ${offerKey(o)}`),
    ...staleOffers.map((o) => `-tipo di file ${offerKey(o)}`),
  ];
  results.push(
    await writeList(
      trx,
      'relazione',
      'kinship_relations',
      'id',
      lists.kinshipRelations.map(({ id, nome }) => ({ id, nome })),
      (id) =>
        none(
          trx.selectFrom('user_beneficiaries').select('id').where('id_relazione', '=', Number(id)).limit(1),
        ),
    ),
    await writeList(
      trx,
      'categoria',
      'purchase_categories',
      'id',
      lists.purchaseCategories.map(({ id, kind, nome, me_stesso, position }) => ({
        id,
        kind,
        nome,
        me_stesso,
        position,
      })),
      (id) =>
        none(
          trx
            .selectFrom('purchases')
            .select('id')
            .where(sql`payload->>'id_categ'`, '=', String(id))
            .limit(1),
        ),
    ),
    await writeList(
      trx,
      'fondo pensione',
      'pension_funds',
      'covip',
      lists.pensionFunds.map(({ covip, nome, istituto }) => ({ covip, nome, istituto })),
      (covip) => none(trx.selectFrom('users').select('id').where('covip_fondo', '=', String(covip)).limit(1)),
    ),
    await writeList(
      trx,
      'provincia',
      'conv_provinces',
      'sigla',
      lists.provinces.map(({ sigla, nome }) => ({ sigla, nome })),
      (sigla) =>
        none(trx.selectFrom('conv_suppliers').select('id').where('provincia', '=', String(sigla)).limit(1)),
    ),
  );
  return {
    added: results.reduce((n, r) => n + r.added, 0) + missingOffers.length,
    removed: results.reduce((n, r) => n + r.removed, 0) + staleOffers.length,
    changed: [...results.flatMap((r) => r.changed), ...offersChanged],
  };
}

/**
 * The reference data of `declarations` into the database, once at a time across instances (a
 * transaction-scoped advisory lock on PostgreSQL; PGlite lives in one process). Refuses, writing
 * nothing, declarations `grantRows` refuses.
 */
export async function syncReferenceData(
  database: Pick<Database, 'db' | 'kind'>,
  declarations: ReferenceDeclarations,
): Promise<ReferenceChanges> {
  const rows = grantRows(declarations);
  const problems = listProblems(declarations.lists);
  if (problems.length > 0) throw new Error(`Elenchi di riferimento non validi:\n- ${problems.join('\n- ')}`);
  return database.db.transaction().execute(async (trx) => {
    if (database.kind === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_ID})`.execute(trx);
    const grants = await writeGrants(trx, rows);
    const lists = await writeLists(trx, declarations.lists);
    return {
      added: grants.added + lists.added,
      removed: grants.removed + lists.removed,
      changed: [...grants.changed, ...lists.changed],
    };
  });
}

/**
 * The keys of the menu-permission map a user `u` holds, sorted: the profile's, changed for the user's
 * customer, plus the user's own (a subquery of a query over `users AS u`).
 */
export function userPermsQuery() {
  return sql<string[]>`array(
    SELECT pp.perm FROM profile_permissions AS pp WHERE pp.profile = u.profile
    EXCEPT SELECT cp.perm FROM customer_permissions AS cp JOIN customers AS c ON c.slug = cp.customer_slug
            WHERE c.id = u.customer_id AND cp.profile = u.profile AND NOT cp.granted
    UNION SELECT cp.perm FROM customer_permissions AS cp JOIN customers AS c ON c.slug = cp.customer_slug
            WHERE c.id = u.customer_id AND cp.profile = u.profile AND cp.granted
    UNION SELECT up.perm FROM user_permissions AS up WHERE up.user_id = u.id
    ORDER BY 1
  )`;
}
