import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../src/server/admin';
import { balances } from '../../src/server/services/ledger';
import { backends, openTestDatabase } from './helpers';

describe.each(backends)('admin CLI (%s)', (backend) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let out: string[];
  let err: string[];

  async function admin(...argv: string[]) {
    out = [];
    err = [];
    const code = await runAdmin(argv, { db: database.db, out: (l) => out.push(l), err: (l) => err.push(l) });
    return code;
  }

  async function userId(email: string) {
    return (
      await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
    ).id;
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend, 10, 'demo');
  });
  afterAll(async () => database?.drop());

  it('prints the help', async () => {
    expect(await admin('help')).toBe(0);
    expect(out.join('\n')).toContain('add-credit <e-mail> <importo>');
    expect(await admin()).toBe(1);
  });

  it('shows a balance with its lines', async () => {
    expect(await admin('balance', 'mario.rossi@example.com')).toBe(0);
    expect(out[0]).toBe('Credito totale: 1.500,00\u00a0€');
    expect(out[1]).toBe('di cui art. 51 c.3: 800,00\u00a0€');
    expect(out.some((l) => l.startsWith('LINEA'))).toBe(true);
  });

  it('lists purchases, filtered by user and status', async () => {
    expect(await admin('purchases', '--user', 'mario.rossi@example.com', '--status', 'rifiutato')).toBe(0);
    expect(out[0]).toMatch(/^ID\s+UTENTE/);
    expect(out).toHaveLength(3);
    expect(out[1]).toContain('Abbonamento palestra');
    expect(out[2]).toBe('1 acquisti.');
    expect(await admin('purchases', '--status', 'perso')).toBe(1);
    expect(err[0]).toContain('Stato non valido: perso');
  });

  it('adds credit and debits through the ledger, art. 51 c.3 included', async () => {
    const giulia = await userId('giulia.verdi@example.com');
    expect(await admin('add-credit', 'giulia.verdi@example.com', '50,25', '--art51c3')).toBe(0);
    expect(out[0]).toMatch(/^Linea di credito n\. \d+ caricata: 50,25\u00a0€ art\. 51 c\.3, fonte 7/);
    let b = await balances(database.db, giulia);
    expect([b.totale, b.art51c3]).toEqual([35025, 5025]);

    expect(
      await admin('debit', 'giulia.verdi@example.com', '20', '--art51c3', '--oggetto', 'Buono libri'),
    ).toBe(0);
    expect(out[0]).toMatch(/^Acquisto n\. \d+ creato: 20,00\u00a0€ \(Buono\)/);
    b = await balances(database.db, giulia);
    expect([b.totale, b.art51c3]).toEqual([33025, 3025]);

    expect(await admin('debit', 'giulia.verdi@example.com', '100', '--art51c3')).toBe(1);
    expect(err[0]).toBe('Errore: Credito insufficiente per completare l’operazione.');
  });

  it('makes debit idempotent with --key', async () => {
    const luca = await userId('luca.neri@example.com');
    const before = (await balances(database.db, luca)).totale;
    expect(await admin('debit', 'luca.neri@example.com', '10', '--kind', '6', '--key', 'demo-1')).toBe(0);
    expect(await admin('debit', 'luca.neri@example.com', '10', '--kind', '6', '--key', 'demo-1')).toBe(0);
    expect(out[0]).toContain('già creato con questa chiave');
    expect((await balances(database.db, luca)).totale).toBe(before - 1000);
  });

  it('approves, pays and rejects, refusing what the state does not allow', async () => {
    const mario = await userId('mario.rossi@example.com');
    const pending = await database.db
      .selectFrom('purchases')
      .select(['id', 'importo'])
      .where('user_id', '=', mario)
      .where('status', '=', 'inserito')
      .orderBy('id')
      .execute();
    expect(pending.length).toBe(2);
    const [first, second] = pending as [{ id: number; importo: number }, { id: number; importo: number }];

    expect(await admin('approve', String(first.id))).toBe(0);
    expect(out[0]).toContain('stato approvato');
    expect(await admin('pay', String(first.id))).toBe(0);
    expect(out[0]).toContain('stato pagato');
    expect(await admin('reject', String(first.id))).toBe(1);
    expect(err[0]).toBe(
      `Errore: La richiesta n. ${first.id} non è in attesa di una decisione (stato: pagata).`,
    );

    const before = await balances(database.db, mario);
    expect(await admin('reject', String(second.id), '--motivo', 'Ricevuta mancante')).toBe(0);
    expect(out[0]).toContain('stato rifiutato');
    expect(out[1]).toContain('movimento AVERE');
    const after = await balances(database.db, mario);
    expect(after.totale - before.totale).toBe(second.importo);
    // Already rejected: refused, and no credit is given back twice.
    expect(await admin('reject', String(second.id))).toBe(1);
    expect((await balances(database.db, mario)).totale).toBe(after.totale);
    const avere = await database.db
      .selectFrom('movements')
      .select('id')
      .where('id_acquisto', '=', second.id)
      .where('verso', '=', 'AVERE')
      .execute();
    expect(avere).toHaveLength(1);
  });

  it('exits 1 with a clear message on bad input', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['frobnicate'], /Comando sconosciuto: frobnicate/],
      [['approve', 'abc'], /Id acquisto non valido: abc/],
      [['approve', '99999'], /Risorsa non trovata/],
      [['approve'], /Numero di argomenti errato/],
      [['balance', 'nessuno@example.com'], /Utente non trovato: nessuno@example.com/],
      [['add-credit', 'mario.rossi@example.com', '-5'], /Opzione non riconosciuta|Importo non valido/],
      [['add-credit', 'mario.rossi@example.com', '12.345'], /Importo non valido: 12.345/],
      [['add-credit', 'mario.rossi@example.com', '10', '--fonte', '9'], /Tipo fonte non valido: 9/],
      [['add-credit', 'mario.rossi@example.com', '10', '--from', '2026-02-30'], /Data non valida per --from/],
      [
        ['add-credit', 'mario.rossi@example.com', '10', '--from', '2026-05-01', '--to', '2026-04-01'],
        /precede la decorrenza/,
      ],
      [['debit', 'mario.rossi@example.com', '10', '--kind', '15'], /Tipo non valido: 15/],
      [['debit', 'mario.rossi@example.com', '10', '--key', 'a b'], /Chiave di idempotenza non valida/],
      [['purchases', '--verbose'], /Opzione non riconosciuta: --verbose/],
    ];
    for (const [argv, message] of cases) {
      expect(await admin(...argv), argv.join(' ')).toBe(1);
      expect(err.join('\n'), argv.join(' ')).toMatch(message);
    }
  });
});
