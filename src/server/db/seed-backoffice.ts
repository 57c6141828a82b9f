/**
 * Demo data of the referent back office (issue 16; ARCHITECTURE.md §8), for laura.bianchi's two
 * companies (Acme S.p.A., Acme Servizi S.r.l.):
 * - welfare plans over four years, the current year's with two child plans (one expiring within the
 *   warning window), and the credit each plan gave the first employees (the plans' credits files);
 * - credit expiring in a few days for three employees (red rows of the schedule), and two employees
 *   who left with only an expired line (grey rows: "Credito scaduto il ..."), an expired line for
 *   every other ceased employee too;
 * - two documents of a ceased employee (user files, "Cessato" in the picker);
 * - for Acme S.p.A., a consultant (api user `studio.verdi`) with a registered 3072-bit public key.
 *
 * Idempotent: plans, lines and documents carry natural keys; the consultant's key is made only when
 * the consultant has none.
 */
import { createHash, generateKeyPair, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import { addDays } from '../services/calendar';
import { addCredit } from '../services/ledger';
import type { DB } from './schema';
import { SEED_DOCUMENT_FILES } from './seed-forms';

const COMPANIES = ['Acme S.p.A.', 'Acme Servizi S.r.l.'] as const;

/** Two who left (credit only in the past) and a new hire who never had credit (1970-01-01). */
const EXTRA_EMPLOYEES = [
  { nome: 'Sara', cognome: 'Marchetti', ceased: true },
  { nome: 'Davide', cognome: 'Orlandi', ceased: true },
  { nome: 'Elena', cognome: 'Ferri', ceased: false },
] as const;

interface PlanSeed {
  key: string;
  descrizione: string;
  start: string;
  end: string;
  parent?: string;
  /** Credit per employee, in cents (total, of which art. 51 c.3). */
  credit: [number, number];
}

function plansFor(today: string): PlanSeed[] {
  const year = Number(today.slice(0, 4));
  return [
    {
      key: 'plan-prev2',
      descrizione: `Piano welfare ${year - 2}`,
      start: `${year - 2}-01-01`,
      end: `${year - 2}-12-31`,
      credit: [80000, 0],
    },
    {
      key: 'plan-prev',
      descrizione: `Piano welfare ${year - 1}`,
      start: `${year - 1}-01-01`,
      end: `${year - 1}-12-31`,
      credit: [100000, 50000],
    },
    {
      key: 'plan-cur',
      descrizione: `Piano welfare ${year}`,
      start: `${year}-01-01`,
      end: `${year}-12-31`,
      credit: [120000, 60000],
    },
    {
      key: 'plan-cur-bonus',
      descrizione: `Premio di risultato convertito ${year}`,
      start: `${year}-03-01`,
      end: `${year}-12-31`,
      parent: 'plan-cur',
      credit: [50000, 0],
    },
    {
      key: 'plan-cur-flash',
      descrizione: `Iniziativa welfare di fine stagione ${year}`,
      start: addDays(today, -60),
      end: addDays(today, 6),
      parent: 'plan-cur',
      credit: [20000, 20000],
    },
    {
      key: 'plan-next',
      descrizione: `Piano welfare ${year + 1}`,
      start: `${year + 1}-01-01`,
      end: `${year + 1}-12-31`,
      credit: [0, 0],
    },
  ];
}

const CONSULTANT = 'studio.verdi';

/** A new public key for the demo consultant, made off the main thread (a 3072-bit key takes about a second). */
async function makeConsultantKey(): Promise<KeyObject> {
  const { publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: screenConstants.rsaKeyBits,
  });
  return publicKey;
}

/** A key being made (in an object: an async function returning a bare promise would wait for it). */
export interface PendingKey {
  key: Promise<KeyObject>;
}

/**
 * The consultant's key, started at the beginning of the seed when the database has none yet (a fresh
 * one), so it is made while the rest is seeded; null when it is not needed.
 */
export async function startConsultantKey(db: Kysely<DB>): Promise<PendingKey | null> {
  const existing = await db
    .selectFrom('public_keys')
    .innerJoin('api_users', 'api_users.id', 'public_keys.api_user_id')
    .select('public_keys.id')
    .where('api_users.username', '=', CONSULTANT)
    .executeTakeFirst();
  if (existing) return null;
  const key = makeConsultantKey();
  // A failure is seen where the key is awaited, not as an unhandled rejection meanwhile.
  key.catch(() => undefined);
  return { key };
}

export async function seedBackOffice(
  db: Kysely<DB>,
  options: {
    today: string;
    companyIds: ReadonlyMap<string, number>;
    /** The key started by startConsultantKey, if any. */
    consultantKey?: PendingKey | null;
  },
): Promise<void> {
  const { today } = options;
  for (const name of COMPANIES) {
    const companyId = options.companyIds.get(name);
    if (companyId === undefined) throw new Error(`seed-backoffice: azienda mancante ${name}`);
    // Two employees who left: credit only in the past (grey rows: "Credito scaduto il ..."); a new
    // hire with no credit at all (grey: "Nessun credito in essere presente.").
    const company = await db
      .selectFrom('companies')
      .select('customer_id')
      .where('id_azienda', '=', companyId)
      .executeTakeFirstOrThrow();
    const slug = name === 'Acme S.p.A.' ? 'acme' : 'acmeservizi';
    await db
      .insertInto('users')
      .values(
        EXTRA_EMPLOYEES.map((p) => ({
          email: `${p.nome}.${p.cognome}@backoffice.${slug}.example.com`.toLowerCase(),
          nome: p.nome,
          cognome: p.cognome,
          company_id: companyId,
          customer_id: company.customer_id,
          is_cessato: p.ceased,
        })),
      )
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();

    const extraIds = new Set(
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('email', 'like', `%@backoffice.${slug}.example.com`)
          .execute()
      ).map((u) => u.id),
    );
    const employees = await db
      .selectFrom('users')
      .select(['id', 'is_cessato', 'profile'])
      .where('company_id', '=', companyId)
      .where('profile', '=', 'utente')
      .orderBy('cognome')
      .orderBy('nome')
      .orderBy('id')
      .execute();
    const active = employees.filter((e) => !e.is_cessato && !extraIds.has(e.id));
    const ceased = employees.filter((e) => e.is_cessato);

    // Plans, parents before children.
    const planIds = new Map<string, number>();
    for (const plan of plansFor(today)) {
      const parent = plan.parent ? (planIds.get(plan.parent) ?? null) : null;
      await db
        .insertInto('welfare_plans')
        .values({
          company_id: companyId,
          wpw_descrizione: plan.descrizione,
          wpw_data_decorrenza: plan.start,
          wpw_data_scadenza: plan.end,
          wpw_id_piano_padre: parent,
          rif_esterno: plan.key,
        })
        .onConflict((oc) => oc.columns(['company_id', 'rif_esterno']).doNothing())
        .execute();
      const row = await db
        .selectFrom('welfare_plans')
        .select('wpw_id')
        .where('company_id', '=', companyId)
        .where('rif_esterno', '=', plan.key)
        .executeTakeFirstOrThrow();
      planIds.set(plan.key, row.wpw_id);
      const [tot, art] = plan.credit;
      if (tot > 0 && active.length > 0) {
        await db
          .insertInto('welfare_plan_credits')
          .values(
            active.slice(0, 20).map((e) => ({
              plan_id: row.wpw_id,
              user_id: e.id,
              credito_tot: tot,
              credito_art51c3: art,
            })),
          )
          .onConflict((oc) => oc.columns(['plan_id', 'user_id']).doNothing())
          .execute();
      }
    }

    // Credit expiring in 3, 5 and 8 days: red rows of the schedule.
    const expiring = active.slice(1, 4);
    for (const [i, employee] of expiring.entries()) {
      await addCredit(db, {
        userId: employee.id,
        fonte: 2,
        amountCents: 15000,
        dataDecorrenza: addDays(today, -30),
        dataScadenza: addDays(today, [3, 5, 8][i] ?? 5),
        rifEsterno: 'seed-bo-expiring',
      });
    }

    // Ceased employees: an expired line each (grey rows), and the first one's documents.
    for (const employee of ceased) {
      await addCredit(db, {
        userId: employee.id,
        fonte: 1,
        amountCents: 30000,
        dataDecorrenza: addDays(today, -400),
        dataScadenza: addDays(today, -45),
        rifEsterno: 'seed-bo-expired',
      });
    }
    const firstCeased = ceased[0];
    if (firstCeased) {
      const files = [
        {
          rif: 'seed-bo-doc-1',
          name: 'cedolino_cessazione.pdf',
          kind: 'doc_extra' as const,
          typeId: 13,
          file: 'pdf' as const,
        },
        {
          rif: 'seed-bo-doc-2',
          name: 'documento_identita.png',
          kind: 'doc_fam' as const,
          typeId: 24,
          file: 'png' as const,
        },
      ];
      for (const [i, doc] of files.entries()) {
        const file = SEED_DOCUMENT_FILES[doc.file];
        await db
          .insertInto('documents')
          .values({
            user_id: firstCeased.id,
            file_kind: doc.kind,
            file_kind_id: doc.typeId,
            file_date: addDays(today, -100 - i),
            file_num: 1,
            nome_file: doc.name,
            stored_name: file.storedName,
            size: file.content.length,
            mime: file.mime,
            purchase_id: null,
            rif_esterno: doc.rif,
          })
          .onConflict((oc) => oc.columns(['user_id', 'rif_esterno']).doNothing())
          .execute();
      }
    }
  }

  // A consultant of Acme S.p.A. with a registered key (its private key is not kept: a demo row).
  const acme = options.companyIds.get('Acme S.p.A.')!;
  const consultant = await db
    .insertInto('api_users')
    .values({ company_id: acme, username: CONSULTANT })
    .onConflict((oc) => oc.columns(['company_id', 'username']).doUpdateSet({ username: CONSULTANT }))
    .returning(['id', 'revoked_at'])
    .executeTakeFirstOrThrow();
  const hasKey = await db
    .selectFrom('public_keys')
    .select('id')
    .where('api_user_id', '=', consultant.id)
    .executeTakeFirst();
  if (!hasKey && consultant.revoked_at === null) {
    const publicKey = await (options.consultantKey?.key ?? makeConsultantKey());
    const der = publicKey.export({ format: 'der', type: 'spki' });
    await db
      .insertInto('public_keys')
      .values({
        company_id: acme,
        chiave_pubblica: der.toString('base64'),
        fingerprint: createHash('sha256').update(der).digest('hex'),
        api_user_id: consultant.id,
        created_by: null,
      })
      .execute();
  }
}
