/**
 * The Italian provinces as reference data (issue 24): declared in config/provinces.ts and written at every
 * start with the rest (services/reference-data.ts), so a database the demo seed never touched has them
 * all. A province no longer declared disappears unless a supplier names it (then it is kept and the
 * changes say so); a changed name is updated; the declarations again change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provinces } from '../../config/provinces';
import { routes } from '../../config/routes';
import { declaredReference, listProblems, syncReferenceData } from '../../src/server/services/reference-data';
import { backends, buildTestApp, createTestUser, json, type TestApp } from './helpers';

const CATEGORY = 9901;

describe('the declared provinces', () => {
  it('are the 107 current provinces and metropolitan cities, each sigla once', () => {
    const sigle = provinces.map((p) => p.sigla);
    expect(new Set(sigle).size).toBe(sigle.length);
    expect(sigle).toEqual(expect.arrayContaining(['MI', 'RM', 'MB', 'BT', 'FM', 'SU', 'AO', 'VB']));
    expect(provinces.find((p) => p.sigla === 'AQ')?.nome).toBe("L'Aquila");
    expect(listProblems(declaredReference(routes).lists)).toEqual([]);
  });

  it('refuses a sigla the database would refuse, naming it', () => {
    const lists = declaredReference(routes).lists;
    expect(
      listProblems({
        ...lists,
        provinces: [...lists.provinces, { sigla: 'mi', nome: 'Milano' }, provinces[0]!],
      }),
    ).toEqual([
      `provincia ${provinces[0]!.sigla} dichiarato due volte`,
      'provincia «mi»: sigla non di due lettere maiuscole',
    ]);
  });
});

describe.each(backends)('provinces at start, demo mode off (%s)', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(backend, { demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const stored = async () =>
    (await t.db.selectFrom('conv_provinces').select(['sigla', 'nome']).orderBy('sigla').execute()).map(
      (p) => `${p.sigla} ${p.nome}`,
    );
  const database = () => ({
    db: t.db,
    kind: backend === 'postgres' ? ('postgres' as const) : ('pglite' as const),
  });

  it('are all in the database of a fresh installation, and an employee sees the province of a supplier', async () => {
    expect(await stored()).toEqual(provinces.map((p) => `${p.sigla} ${p.nome}`).sort());

    const user = await createTestUser(t.db);
    await t.db
      .insertInto('conv_categories')
      .values({ id: CATEGORY, nome: 'Categoria di prova', url_icona: '', ordine: 999 })
      .execute();
    await t.db
      .insertInto('conv_suppliers')
      .values({ nome: 'Fornitore di Monza', provincia: 'MB', id_categoria: CATEGORY })
      .execute();
    const token = await t.login(user.email);
    const answer = await t.request({ method: 'GET', url: '/api/province_fornitori', token });
    expect(answer.statusCode).toBe(200);
    expect(JSON.stringify(json(answer))).toContain('Monza e della Brianza');
  });

  it('keeps an undeclared province a supplier names, removes an unused one, and comes back', async () => {
    const declared = declaredReference(routes);
    const changes = await syncReferenceData(database(), {
      ...declared,
      lists: {
        ...declared.lists,
        provinces: [
          ...declared.lists.provinces.filter((p) => p.sigla !== 'MB' && p.sigla !== 'SU' && p.sigla !== 'RM'),
          { sigla: 'RM', nome: 'Roma Capitale' },
        ],
      },
    });
    expect(changes.changed).toEqual(
      expect.arrayContaining([
        '~provincia RM',
        '-provincia SU',
        '=provincia MB non più dichiarato, tenuto perché in uso',
      ]),
    );
    const after = await stored();
    expect(after).toContain('MB Monza e della Brianza');
    expect(after).toContain('RM Roma Capitale');
    expect(after.some((p) => p.startsWith('SU '))).toBe(false);

    const back = await syncReferenceData(database(), declared);
    expect(back.changed).toEqual(expect.arrayContaining(['+provincia SU', '~provincia RM']));
    expect(await stored()).toEqual(provinces.map((p) => `${p.sigla} ${p.nome}`).sort());
    const again = await syncReferenceData(database(), declared);
    expect(again.changed).toEqual([]);
  });
});
