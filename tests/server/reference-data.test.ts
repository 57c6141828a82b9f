/**
 * Reference data from config, written at every start (issue 24, ARCHITECTURE.md §8a): the profiles'
 * grants of the menu-permission map and the customers' changes, with demo mode off, on a database the
 * demo seed never touched. A new declaration appears, a removed one disappears, a user's own grant
 * stays; a route granted to no profile or a grant naming an unknown key stops the start; instances
 * starting together write them once.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGrants, profileGrants } from '../../config/permissions';
import { routes, type RouteRule } from '../../config/routes';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/connect';
import {
  declaredReference,
  grantRows,
  syncReferenceData,
  type ReferenceDeclarations,
} from '../../src/server/services/reference-data';
import { createSession } from '../../src/server/services/sessions';
import {
  backends,
  createTestDatabase,
  createTestUser,
  json,
  NO_POSTGRES_REASON,
  openTestDatabase,
  TEST_APP_OPTIONS,
  TEST_DATABASE_URL,
} from './helpers';

/** A route only this test declares, with a call serving it. */
const FIXTURE_ROUTE = 'prova-riferimento';
const fixtureRule: RouteRule = {
  path: `/base-request/${FIXTURE_ROUTE}`,
  group: 'base-request',
  access: 'login',
  permission: FIXTURE_ROUTE,
};
const fixtureCall: FastifyPluginAsync = async (app) => {
  app.get('/api/prova_riferimento', { config: { route: FIXTURE_ROUTE } }, async () => ({ ok: true }));
};

/** config/permissions.ts, with the fixture route taken from employees and granted to referents. */
const fixtureGrants: Pick<ReferenceDeclarations, 'profiles' | 'customers'> = {
  profiles: {
    utente: { ...profileGrants.utente, remove: [FIXTURE_ROUTE] },
    ref_aziendale: { ...profileGrants.ref_aziendale, add: [FIXTURE_ROUTE] },
    operatore: profileGrants.operatore,
  },
  customers: customerGrants,
};

/** The app's start log lines (JSON), to read what the start says it changed. */
function logCollector() {
  const lines: { msg: string; added?: number; removed?: number; changed?: string[] }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: 'info', stream } };
}

const referenceLog = (lines: ReturnType<typeof logCollector>['lines']) =>
  lines.filter((line) => line.msg.startsWith('dati di riferimento'));

const appOn = (database: Database, options: BuildAppOptions = {}) =>
  buildApp({ ...TEST_APP_OPTIONS, demo: false, database, ...options });

describe.each(backends)('reference data at start, demo mode off (%s)', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const declared = grantRows(declaredReference(routes));

  beforeAll(async () => {
    // A migrated database without the demo seed: what an installation has after its first start.
    database = await openTestDatabase(backend, 4, 'empty');
  });
  afterAll(async () => database?.drop());

  const profileRows = async () =>
    (await database.db.selectFrom('profile_permissions').select(['profile', 'perm']).execute())
      .map((r) => `${r.profile}:${r.perm}`)
      .sort();
  const declaredRows = declared.profiles.map((r) => `${r.profile}:${r.perm}`).sort();

  it('writes every declared grant into an empty table, says so in the start log, and a second start changes nothing', async () => {
    await database.db.deleteFrom('profile_permissions').execute();
    const first = logCollector();
    const app = await appOn(database, { logger: first.logger });
    await app.close();
    expect(await profileRows()).toEqual(declaredRows);
    expect(declaredRows.length).toBeGreaterThan(50);
    const [written] = referenceLog(first.lines);
    expect(written).toMatchObject({ added: declaredRows.length, removed: 0 });
    expect(written!.changed).toContain('+utente:rimb-spese');

    const second = logCollector();
    await (await appOn(database, { logger: second.logger })).close();
    expect(referenceLog(second.lines).map((line) => line.msg)).toEqual([
      'dati di riferimento già aggiornati',
    ]);
    expect(await profileRows()).toEqual(declaredRows);
  });

  it('adds a new declaration, removes a withdrawn one and keeps a user’s own grant', async () => {
    const user = await createTestUser(database.db);
    await database.db
      .insertInto('user_permissions')
      .values({ user_id: user.userId, perm: 'conv-viaggi' })
      .execute();
    const changes = await syncReferenceData(database, {
      ...declaredReference({ ...routes, [FIXTURE_ROUTE]: fixtureRule }),
      ...fixtureGrants,
      profiles: {
        utente: { ...profileGrants.utente, remove: [FIXTURE_ROUTE, 'conv-viaggi'] },
        ref_aziendale: { ...profileGrants.ref_aziendale, add: [FIXTURE_ROUTE, 'conv-viaggi'] },
        operatore: profileGrants.operatore,
      },
    });
    expect(changes.changed.sort()).toEqual(['+ref_aziendale:prova-riferimento', '-utente:conv-viaggi']);
    const own = await database.db
      .selectFrom('user_permissions')
      .select('perm')
      .where('user_id', '=', user.userId)
      .execute();
    expect(own).toEqual([{ perm: 'conv-viaggi' }]);
    // The config's own declarations again: the fixture's grant goes, conv-viaggi comes back.
    const back = await syncReferenceData(database, declaredReference(routes));
    expect(back.changed.sort()).toEqual(['+utente:conv-viaggi', '-ref_aziendale:prova-riferimento']);
    expect(await profileRows()).toEqual(declaredRows);
  });

  it('writes the forms’ lists: a new entry appears and is served, a withdrawn one goes unless in use', async () => {
    const declared = declaredReference(routes);
    const { lists } = declared;
    const user = await createTestUser(database.db);
    const token = await createSession(database.db, user.email);
    const app = await appOn(database);
    const get = async (url: string) =>
      json<unknown>(await app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } }));
    try {
      // A beneficiary of the last relation: it is in use and must survive its withdrawal.
      const [inUse, unused] = lists.kinshipRelations.slice(-2).reverse();
      await database.db
        .insertInto('user_beneficiaries')
        .values({
          user_id: user.userId,
          cod_fisc: 'RSSMRA80A01H501U',
          nome: 'Prova',
          id_relazione: inUse!.id,
        })
        .execute();
      const setKind = lists.purchaseCategories[0]!.kind;
      const fixtureCategory = {
        id: 9001,
        kind: setKind,
        nome: 'Categoria di prova',
        me_stesso: false,
        position: 999,
      };
      const fixtureFund = { covip: '99999', nome: 'Fondo di prova', istituto: 'Istituto di prova' };
      const fixtureType = { id: 901, nome: 'Documento di prova', offeredBy: ['doc_extra' as const] };
      const changes = await syncReferenceData(database, {
        ...declared,
        lists: {
          documentTypes: [...lists.documentTypes, fixtureType],
          kinshipRelations: lists.kinshipRelations.filter((r) => r !== inUse && r !== unused),
          purchaseCategories: [...lists.purchaseCategories, fixtureCategory],
          pensionFunds: [...lists.pensionFunds, fixtureFund],
          provinces: lists.provinces,
        },
      });
      expect(changes.changed).toEqual(
        expect.arrayContaining([
          '+tipo di documento 901',
          '+tipo di file doc_extra:901',
          '+categoria 9001',
          '+fondo pensione 99999',
          `-relazione ${unused!.id}`,
          `=relazione ${inUse!.id} non più dichiarato, tenuto perché in uso`,
        ]),
      );
      // Served by the forms' calls at once, with no code.
      expect(await get(`/api/categorie/${setKind}`)).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: 9001, nome: 'Categoria di prova' })]),
      );
      expect(await get('/api/fondi_previdenza?term=99999')).toEqual([fixtureFund]);
      expect(JSON.stringify(await get('/api/file_kind_list/doc_extra'))).toContain('Documento di prova');
      const relations = (await get('/api/relazioni_parentali')) as { id: number }[];
      expect(relations.map((r) => r.id)).toContain(inUse!.id);
      expect(relations.map((r) => r.id)).not.toContain(unused!.id);

      // The config's own lists again: the fixtures go (nothing uses them), the relation comes back.
      const back = await syncReferenceData(database, declared);
      expect(back.changed).toEqual(
        expect.arrayContaining([
          '-categoria 9001',
          '-fondo pensione 99999',
          '-tipo di documento 901',
          `+relazione ${unused!.id}`,
        ]),
      );
      const again = await syncReferenceData(database, declared);
      expect(again.changed).toEqual([]);
    } finally {
      await app.close();
      await database.db.deleteFrom('user_beneficiaries').where('user_id', '=', user.userId).execute();
    }
  });

  it('refuses lists the database would refuse, naming the entry', async () => {
    const declared = declaredReference(routes);
    const category = declared.lists.purchaseCategories[0]!;
    await expect(
      syncReferenceData(database, {
        ...declared,
        lists: {
          ...declared.lists,
          purchaseCategories: [...declared.lists.purchaseCategories, { ...category, kind: 15 }],
        },
      }),
    ).rejects.toThrow(
      new RegExp(`categoria ${category.id} dichiarato due volte[\\s\\S]*tipo 15 fuori da 1-14`),
    );
  });

  describe('a fixture route with a grant, and a customer’s change', () => {
    let app: FastifyInstance;
    let referent: string;
    let employee: string;
    let otherCustomerEmployee: string;

    beforeAll(async () => {
      const people = await Promise.all([createTestUser(database.db), createTestUser(database.db)]);
      const colleague = await createTestUser(database.db);
      await database.db
        .updateTable('users')
        .set({ profile: 'ref_aziendale', customer_id: people[1].customerId })
        .where('id', '=', people[0].userId)
        .execute();
      const slug = (
        await database.db
          .selectFrom('customers')
          .select('slug')
          .where('id', '=', people[1].customerId)
          .executeTakeFirstOrThrow()
      ).slug;
      app = await appOn(database, {
        extraRouteRules: { [FIXTURE_ROUTE]: fixtureRule },
        extraRoutes: [fixtureCall],
        // The employees of the second person's customer lose the travel page (a customer's removal).
        grants: { ...fixtureGrants, customers: { [slug]: { remove: { utente: ['conv-viaggi'] } } } },
      });
      [referent, employee, otherCustomerEmployee] = await Promise.all([
        createSession(app.db, people[0].email),
        createSession(app.db, people[1].email),
        createSession(app.db, colleague.email),
      ]);
    });
    afterAll(async () => {
      await app?.close();
      // The declarations of config/ again for the tests after these.
      await syncReferenceData(database, declaredReference(routes));
    });

    const call = (url: string, token: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
    const perms = async (token: string) =>
      Object.keys(json<Record<string, boolean>>(await call('/api/get_menu_perms', token)));

    it('reaches the profile it is granted to and nobody else', async () => {
      expect((await call('/api/prova_riferimento', referent)).statusCode).toBe(200);
      expect((await call('/api/prova_riferimento', employee)).statusCode).toBe(403);
      expect(await perms(referent)).toContain(FIXTURE_ROUTE);
      expect(await perms(employee)).not.toContain(FIXTURE_ROUTE);
    });

    it('applies a customer’s removal to its employees only', async () => {
      expect(await perms(employee)).not.toContain('conv-viaggi');
      expect(await perms(otherCustomerEmployee)).toContain('conv-viaggi');
      expect(await perms(otherCustomerEmployee)).toContain('rimb-spese');
    });
  });

  it('refuses to start, naming it, on a grant of an unknown key or a route no profile holds; writes nothing', async () => {
    const before = await profileRows();
    await expect(
      appOn(database, {
        grants: {
          profiles: { ...profileGrants, utente: { ...profileGrants.utente, add: ['chiave-inesistente'] } },
          customers: {},
        },
      }),
    ).rejects.toThrow(/chiave sconosciuta «chiave-inesistente»/);
    // The fixture route taken from employees and given to nobody else.
    const nobody = {
      utente: fixtureGrants.profiles.utente,
      ref_aziendale: profileGrants.ref_aziendale,
      operatore: profileGrants.operatore,
    };
    await expect(
      appOn(database, {
        extraRouteRules: { [FIXTURE_ROUTE]: fixtureRule },
        grants: { profiles: nobody, customers: {} },
      }),
    ).rejects.toThrow(/la rotta «prova-riferimento» non è concessa a nessun profilo/);
    expect(await profileRows()).toEqual(before);
  });
});

describe('two instances starting together on a fresh PostgreSQL', () => {
  it.skipIf(!TEST_DATABASE_URL)('write the reference data once', async () => {
    if (!TEST_DATABASE_URL) throw new Error(NO_POSTGRES_REASON);
    // A database with nothing in it: both instances migrate, then synchronise.
    const created = await createTestDatabase();
    const logs = [logCollector(), logCollector()];
    try {
      const apps = await Promise.all(
        logs.map((log) =>
          buildApp({ ...TEST_APP_OPTIONS, demo: false, databaseUrl: created.url, logger: log.logger }),
        ),
      );
      await Promise.all(apps.map((app) => app.close()));
      const said = logs.map((log) => referenceLog(log.lines)[0]!);
      const declared = grantRows(declaredReference(routes)).profiles.length;
      // One wrote everything, the other found it written.
      expect(said.filter((line) => (line.added ?? 0) >= declared)).toHaveLength(1);
      expect(said.filter((line) => line.msg === 'dati di riferimento già aggiornati')).toHaveLength(1);
      const check = await openDatabase({ databaseUrl: created.url, poolMax: 1 });
      try {
        const rows = await check.db.selectFrom('profile_permissions').select('perm').execute();
        expect(rows).toHaveLength(declared);
      } finally {
        await check.close();
      }
    } finally {
      await created.drop();
    }
  });
});
