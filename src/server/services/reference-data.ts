/**
 * Reference data (ARCHITECTURE.md §8a): what every installation needs, declared in config/ and written
 * into the database at every start, in demo mode or not. Today the permission grants: every profile's
 * keys of the menu-permission map (config/permissions.ts, chosen from config/routes.ts and config/menu.ts)
 * and the customers' additions and removals. One transaction under an advisory lock, so instances
 * starting together write them once; idempotent (a new declaration appears, a removed one disappears,
 * the users' own grants stay); the answer says what changed, for the start log.
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
import type { Database } from '../db/connect';
import type { DB } from '../db/schema';

export interface ReferenceDeclarations {
  /** The app's route table (config/routes.ts, plus the routes a test hands to buildApp). */
  routes: Readonly<Record<string, RouteRule>>;
  profiles: Readonly<Record<ProfileName, ProfileGrant>>;
  customers: Readonly<Record<string, CustomerGrant>>;
}

/** The declarations of config/, over a route table. */
export function declaredReference(routes: Readonly<Record<string, RouteRule>>): ReferenceDeclarations {
  return { routes, profiles: declaredProfileGrants, customers: declaredCustomerGrants };
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
 * The reference data of `declarations` into the database, once at a time across instances (a
 * transaction-scoped advisory lock on PostgreSQL; PGlite lives in one process). Refuses, writing
 * nothing, declarations `grantRows` refuses.
 */
export async function syncReferenceData(
  database: Pick<Database, 'db' | 'kind'>,
  declarations: ReferenceDeclarations,
): Promise<ReferenceChanges> {
  const rows = grantRows(declarations);
  return database.db.transaction().execute(async (trx) => {
    if (database.kind === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${REFERENCE_LOCK_ID})`.execute(trx);
    return writeGrants(trx, rows);
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
