/**
 * Operator command line (`npm run admin -- <command>`): the operator side of the spec is not shown,
 * so this small tool moves purchases through their states and loads credit, for demos and tests.
 * Same environment as the server (DATABASE_URL or the embedded database under DATA_DIR); it applies
 * pending migrations first. Output is Italian; a bad input exits with code 1 and says why.
 *
 * Tests call `runAdmin(argv, { db })` directly.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import { movementKindIds, movementKindLabel } from '../../config/movement-kinds';
import { findSsoProvider, ssoProviders, SSO_TOKEN_TTL_SECONDS } from '../../config/sso-providers';
import { formatCents, formatEuro, parseCents } from '../shared/money';
import { openDatabase } from './db/connect';
import { runMigrations } from './db/migrate';
import type { CreditSourceKind, DB, ImportJobStatus, PurchaseStatus } from './db/schema';
import { ApiError } from './errors';
import { rejectReasons } from '../../config/operator-console';
import { recordAudit, TERMINAL, type Actor } from './services/operator-audit';
import { operatorByEmail } from './services/operators';
import { decideRequest, type Decision } from './services/request-review';
import {
  loadEnv,
  EnvError,
  resolveAuthSecrets,
  resolveMealVoucherSuppliers,
  type AuthSecrets,
  type MealVoucherSupplierSecrets,
} from './plugins/env';
import { addMonths, addDays, isIsoDay, romeDate } from './services/calendar';
import { addCredit, balances, debitPurchase, lockPurchase, payPurchase } from './services/ledger';
import { isValidIdempotencyKey } from './services/idempotency';
import { signSsoToken, signTicket } from './services/signed-links';
import { otpTypeOf } from './services/sign-in';
import { issueSupplierKey, listVouchers, redeemVoucher } from './services/sellers';
// Piattapasto (issue 17)
import { mealVoucherSupplierFor } from './services/meal-voucher-supplier';
import { pendingOrders, sendOrder } from './services/piattapasto';
import { applyImport, decideImport, type ImportDeps } from './services/imports';
import { senderAddress } from './plugins/mail';
import { provision, ProvisioningError } from './services/provisioning';
import {
  AccountError,
  addEmployee,
  listCompanies,
  listCustomers,
  listUsers,
  resetSecondFactor,
  SECOND_FACTOR_LABELS,
  setDisabled,
} from './services/accounts';
import { welcomeMail } from './services/welcome-mail';
import {
  createFileStore,
  databaseFileStore,
  folderFileStore,
  resolveFileStoreKind,
  type FileStore,
} from './services/file-store';
import { filesToDatabase } from './services/file-move';
// Installation content (issue 24)
import { InstallationContentError, loadInstallationContent } from './services/installation-content';
import { CatalogueError, loadCatalogues } from './services/catalogue-loader';
import { ConventionsError, loadConventions } from './services/conventions-loader';
import { formatMessage } from './messages';
import { loadVoucherCodes, stockReport, VoucherStockError } from './services/voucher-stock';
import { formatDate } from '../shared/dates';
import type {
  Catalogues,
  Conventions,
  InstallationContent,
  Provisioning,
} from '../../schemas/wire-types.gen';

export interface AdminContext {
  db: Kysely<DB>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** The operator's "now" (tests). */
  now?: Date;
  /** Demo mode (the simulated meal-voucher supplier); default: from the environment, like the server. */
  demo?: boolean;
  /** The meal-voucher suppliers' keys and addresses; default: from the environment, like the server. */
  mealVoucherSuppliers?: MealVoucherSupplierSecrets;
  /**
   * What signed links need: the secrets and the portal's address (PUBLIC_URL, else
   * http://localhost:<PORT>). Default: read from the environment, like the server.
   */
  links?: AuthSecrets & { baseUrl: string };
  /**
   * Bulk import (issue 17): the uploads folder (default DATA_DIR/uploads), the portal's address for
   * the welcome links and how mails leave (default: SMTP_URL, else the outbox table, like the server).
   */
  imports?: Partial<Pick<ImportDeps, 'files' | 'sendMail' | 'baseUrl'>> & { uploadsDir?: string };
  /**
   * The files (issue 27): the uploads folder (default DATA_DIR/uploads) and the store files live in
   * (default: FILE_STORE, else the database with DATABASE_URL, the folder otherwise).
   */
  files?: { uploadsDir?: string; store?: FileStore };
}

/** An import decided from the terminal, with its audit row in the same transaction (issue 26). */
async function decideImportAudited(
  db: Kysely<DB>,
  id: number,
  from: string,
  status: 'ACCEPTED_BY_BACKOFFICE' | 'REJECTED_BY_BACKOFFICE',
  motivo: string | undefined,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await decideImport(trx, id, status, motivo))) return false;
    await recordAudit(
      trx,
      TERMINAL,
      {
        action: status === 'ACCEPTED_BY_BACKOFFICE' ? 'importazione_accettata' : 'importazione_rifiutata',
        objectType: 'importazione',
        objectId: id,
        changes: { stato: [from, status], ...(motivo ? { motivo } : {}) },
      },
      now,
    );
    return true;
  });
}

/** The import jobs' dependencies of the operator command: given ones, else from the environment. */
function importDepsOf(context: AdminContext): ImportDeps {
  const given = context.imports ?? {};
  const files = given.files ?? context.files?.store;
  const uploadsDir = given.uploadsDir ?? context.files?.uploadsDir;
  const env = (files || uploadsDir) && given.sendMail && given.baseUrl ? null : loadEnv();
  const smtp = env?.smtpUrl ? nodemailer.createTransport(env.smtpUrl) : null;
  const db = context.db;
  return {
    db,
    files:
      files ??
      createFileStore(
        uploadsDir && !env ? 'folder' : resolveFileStoreKind(env!.fileStore, env!.databaseUrl),
        db,
        uploadsDir ?? join(env!.dataDir, 'uploads'),
      ),
    baseUrl: given.baseUrl ?? env!.publicUrl ?? `http://localhost:${env!.port}`,
    sendMail:
      given.sendMail ??
      (async (message) => {
        if (smtp) {
          await smtp.sendMail({ from: senderAddress(env!.publicUrl), ...message });
          return;
        }
        await db
          .insertInto('outbox')
          .values({
            mail_to: message.to.toLowerCase(),
            subject: message.subject,
            text: message.text,
            html: message.html ?? null,
          })
          .execute();
      }),
    log: { error: (object, message) => console.error(message, object) },
  };
}

/** Secrets and base URL from the environment (same rules as the server: plugins/env.ts). */
function linksFromEnv(): AuthSecrets & { baseUrl: string } {
  const env = loadEnv();
  return {
    ...resolveAuthSecrets(process.env, env.demo),
    baseUrl: env.publicUrl ?? `http://localhost:${env.port}`,
  };
}

const STATUSES: readonly PurchaseStatus[] = ['inserito', 'approvato', 'pagato', 'rifiutato'];

const HELP = `Uso: npm run admin -- <comando> [opzioni]

Comandi:
  purchases [--user <e-mail>] [--status <stato>]   elenca gli acquisti (stati: ${STATUSES.join(', ')})
  approve <id> [--operatore <e-mail>]             approva una richiesta in attesa (sopra la soglia dei quattro occhi:
                                                  due operatori diversi, con --operatore)
  pay <id> [--operatore <e-mail>]                 segna come pagato un acquisto approvato che non è in un lotto aperto
  reject <id> [--motivo <codice o testo>] [--nota <testo>] [--operatore <e-mail>]
                                                  rifiuta una richiesta e restituisce il credito (movimento AVERE);
                                                  motivi: ${rejectReasons.map((r) => r.code).join(', ')}
  add-credit <e-mail> <importo> [--art51c3] [--fonte 1-7] [--from AAAA-MM-GG] [--to AAAA-MM-GG] [--oggetto <testo>]
                                                  carica una linea di credito (predefiniti: fonte 1, o 7 con --art51c3;
                                                  da oggi per 12 mesi)
  balance <e-mail>                                saldi e linee di credito dell'utente
  sso-token <e-mail> <provider>                   token di single sign-on firmato come dal provider (provider:
                                                  ${ssoProviders.map((p) => p.slug).join(', ')}) e l'URL di accesso
  reconnect-link <e-mail>                         collegamento di riconnessione all'utente (/reconnect?d=...)
  token-link <e-mail>                             collegamento di accesso con token (/token-login/<cliente>?t=...)
  debit <e-mail> <importo> [--art51c3] [--kind 1-14] [--oggetto <testo>] [--key <idempotency-key>]
                                                  crea un acquisto tramite il ledger (credito totale, o art. 51 c.3)
  supplier-key <id-fornitore>                     nuova chiave API del fornitore convenzionato (per riscatta_voucher;
                                                  sostituisce la precedente, mostrata solo ora)
  vouchers <e-mail>                               buoni multiuso dell'utente con credito residuo e movimenti
  redeem <id-fornitore> <codice> <pin> <importo>  riscatta parte di un buono multiuso presso un fornitore affiliato
  piattapasto-send                                invia ora al fornitore gli ordini Piattapasto confermati e non
                                                  ancora inviati (il fornitore simulato in modalità demo)
  imports [--status <stato>]                      importazioni di crediti (Import Caricamento Tracciato) con stato e note
  import-accept <id>                              accetta un'importazione validata (ACCEPTED_BY_BACKOFFICE) e la esegue:
                                                  dipendenti creati o aggiornati e linee di credito in una transazione
  import-reject <id> [--motivo <testo>]           rifiuta un'importazione validata (REJECTED_BY_BACKOFFICE): nulla è scritto
  import-run <id>                                 esegue di nuovo un'importazione accettata rimasta a metà (dopo un arresto)
  files-to-database [--remove]                    copia i file della cartella DATA_DIR/uploads nel database (documenti,
                                                  allegati del supporto, importazioni), verificando ognuno con lo
                                                  SHA-256; si può ripetere: salta quelli già copiati e integri.
                                                  Con --remove toglie la copia locale solo dopo la verifica
  provision <file.json> [--prune]                 clienti (con le opzioni di accesso), aziende (per partita IVA) e
                                                  referenti (per e-mail) dal documento (schema:
                                                  schemas/admin/provisioning.json): crea e
                                                  aggiorna, mai cancella; con --prune toglie ai referenti le aziende
                                                  non elencate e il profilo di referente a chi non è elencato.
                                                  Ogni nuova persona riceve la mail di benvenuto con il collegamento
                                                  per impostare la password. Un documento con errori è rifiutato
                                                  tutto, con ogni errore e il suo percorso JSON
  employee-add <e-mail> <nome> <cognome> <codice-fiscale> <partita-iva-azienda>
                                                  un dipendente di un'azienda già presente, con la mail di benvenuto
  user-disable <e-mail> / user-enable <e-mail>    disabilita un account (nessun accesso, sessioni chiuse) o lo riattiva
  otp-reset <e-mail>                              azzera il secondo fattore (al prossimo accesso si attiva di nuovo),
                                                  chiude le sessioni e lo comunica all'utente per e-mail
  customers                                       clienti con numero di aziende e di utenti e opzioni di accesso
                                                  (secondi fattori ammessi, provider di single sign-on)
  companies [--customer <codice>]                 aziende con partita IVA, cliente e dipendenti
  users [--customer <codice>] [--company <partita-iva>]
                                                  utenti con profilo, stato e secondo fattore
  voucher-codes-load <file.csv>                   carica i codici dei fornitori consegnati dagli acquisti (buoni,
                                                  carte carburante, buoni app, mutuo soccorso). Colonne: acquisto,
                                                  prodotto (codice del prodotto o taglio, es. 25.00), codice,
                                                  scadenza (GG-MM-AAAA, facoltativa); virgola o punto e virgola.
                                                  Codici ripetuti o già caricati, prodotti sconosciuti e codici
                                                  scaduti rifiutano tutto il file, riga per riga
  voucher-stock [--low]                           scorte di codici per acquisto e prodotto: liberi, consegnati,
                                                  scaduti, prossima scadenza; --low solo quelle sotto il livello
  content <file.json> [--prune]                   contenuti dell'installazione dal documento (schema:
                                                  schemas/admin/installation-content.json): documentazione e video
                                                  tutorial (per slug), collegamenti alle app dei buoni, codice
                                                  Benefit Hub dei clienti, carosello e popup della home per
                                                  cliente. Crea e aggiorna; con --prune toglie ciò
                                                  che le sezioni del documento non elencano. Un documento con errori
                                                  è rifiutato tutto, con ogni errore e il suo percorso JSON
  catalogues <file.json> [--prune]                cataloghi delle vetrine dal documento (schema:
                                                  schemas/admin/catalogues.json): rivenditori e buoni, carte
                                                  carburante, sezioni e prodotti di mutuo soccorso. Crea e aggiorna;
                                                  con --prune toglie ciò che le sezioni del documento non elencano,
                                                  se nessun acquisto e nessun codice caricato lo nomina
  conventions <file.json> [--prune]               rete delle convenzioni dal documento (schema:
                                                  schemas/admin/conventions.json): categorie, fornitori (per
                                                  partita IVA) e loro articoli, consorzi e affiliati. Crea e
                                                  aggiorna; con --prune toglie ciò che le sezioni del documento non
                                                  elencano, o lo nasconde se acquisti o buoni lo nominano
  help                                            questo messaggio

Importi in euro con punto o virgola decimale: 25, 25.5, 1234.50.
Token e collegamenti valgono ${SSO_TOKEN_TTL_SECONDS / 60} minuti e una sola volta.`;

/** A bad input: message for the operator, exit code 1. */
class UsageError extends Error {}

/** An operator's JSON document, or the usage error that says why it cannot be read. */
function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`File non leggibile come JSON: ${file} (${(error as Error).message})`);
  }
}

/** An account operation whose refusal is the operator's mistake (AccountError), said as such. */
async function accountStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AccountError) throw new UsageError(error.message);
    throw error;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

function parse(args: string[], options: Options, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const match = /'(-[^']*)'/.exec((error as Error).message);
    const option = match?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new UsageError(`Opzione non riconosciuta: ${option}`);
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      throw new UsageError(`Valore mancante o non valido per ${option}`);
    throw new UsageError('Argomenti non validi.');
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(
      `Numero di argomenti errato: attesi ${positionals}, ricevuti ${parsed.positionals.length}.`,
    );
  }
  return {
    values: parsed.values as Record<string, string | boolean | undefined>,
    positionals: parsed.positionals,
  };
}

function amountOf(text: string): number {
  const normalized = text.trim().replace(',', '.');
  const cents = /^\d+(\.\d{1,2})?$/.test(normalized) ? parseCents(normalized) : null;
  if (cents === null || cents <= 0) throw new UsageError(`Importo non valido: ${text} (esempio: 25.50)`);
  return cents;
}

function idOf(text: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`Id acquisto non valido: ${text}`);
  return Number(text);
}

function dayOf(text: string, option: string): string {
  if (!isIsoDay(text)) throw new UsageError(`Data non valida per ${option}: ${text} (formato AAAA-MM-GG)`);
  return text;
}

async function linkUserOf(db: Kysely<DB>, email: string) {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('customers as c', 'c.id', 'u.customer_id')
    .select([
      'u.email',
      'u.otp_method',
      'u.totp_secret',
      'u.is_cessato',
      'c.slug as customer',
      'c.second_factors',
      'c.sso_providers',
    ])
    .where('u.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw new UsageError(`Utente non trovato: ${email}`);
  if (row.is_cessato) throw new UsageError(`Utente cessato: ${row.email}`);
  return row;
}

async function userIdOf(db: Kysely<DB>, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw new UsageError(`Utente non trovato: ${email}`);
  return row.id;
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) =>
    r
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

const purchaseLine = (p: { id: number; status: string; importo: number; kind: number }) =>
  `Acquisto n. ${p.id} (${movementKindLabel(p.kind)}, ${formatEuro(p.importo)}): stato ${p.status}.`;

/** Runs one command; returns the exit code. */
export async function runAdmin(argv: readonly string[], context: AdminContext): Promise<number> {
  const out = context.out ?? ((line: string) => console.info(line));
  const err = context.err ?? ((line: string) => console.error(line));
  const { db } = context;
  const now = context.now ?? new Date();
  const [command, ...args] = argv;

  try {
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        out(HELP);
        return command === undefined ? 1 : 0;

      case 'purchases': {
        const { values } = parse(args, { user: { type: 'string' }, status: { type: 'string' } }, 0);
        let query = db
          .selectFrom('purchases as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select([
            'p.id',
            'u.email',
            'p.kind',
            'p.status',
            'p.importo',
            'p.credit_source',
            'p.created',
            'p.oggetto',
          ])
          .orderBy('p.id');
        if (typeof values.user === 'string')
          query = query.where('p.user_id', '=', await userIdOf(db, values.user));
        if (typeof values.status === 'string') {
          if (!STATUSES.includes(values.status as PurchaseStatus)) {
            throw new UsageError(`Stato non valido: ${values.status} (ammessi: ${STATUSES.join(', ')})`);
          }
          query = query.where('p.status', '=', values.status as PurchaseStatus);
        }
        const rows = await query.execute();
        if (rows.length === 0) {
          out('Nessun acquisto.');
          return 0;
        }
        const header = ['ID', 'UTENTE', 'TIPO', 'STATO', 'IMPORTO', 'CREDITO', 'DATA', 'OGGETTO'];
        const body = rows.map((r) => [
          String(r.id),
          r.email,
          `${r.kind} ${movementKindLabel(r.kind)}`,
          r.status,
          formatCents(r.importo),
          r.credit_source,
          romeDate(r.created),
          r.oggetto,
        ]);
        for (const line of table([header, ...body])) out(line);
        out(`${rows.length} acquisti.`);
        return 0;
      }

      case 'approve':
      case 'pay':
      case 'reject': {
        // The console's services and audit log (issue 26): the terminal acts as `terminale`, or as the
        // operator it names (four eyes above the declared amount need two named operators).
        const { values, positionals } = parse(
          args,
          {
            operatore: { type: 'string' },
            ...(command === 'reject' ? { motivo: { type: 'string' }, nota: { type: 'string' } } : {}),
          },
          1,
        );
        const id = idOf(positionals[0] ?? '');
        const actor: Actor =
          typeof values.operatore === 'string'
            ? {
                ...TERMINAL,
                operatorId: (await operatorByEmail(db, values.operatore)).operatorId,
                actor: values.operatore.toLowerCase(),
              }
            : TERMINAL;
        const current = await db
          .selectFrom('purchases')
          .select('review_version')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) throw ApiError.of(404, 'apiNotFound');
        if (command === 'pay') {
          await db.transaction().execute(async (trx) => {
            // A request in an open payout batch is paid by the batch's execution, and one not approved
            // yet is decided first (four eyes above the declared amount): the terminal skips neither.
            const current = await lockPurchase(trx, id);
            if (current.review_state === 'in_pagamento') {
              const item = await trx
                .selectFrom('payout_items')
                .select('batch_id')
                .where('purchase_id', '=', id)
                .where('open', '=', true)
                .executeTakeFirst();
              throw ApiError.of(409, 'apiPayInOpenBatch', {
                id: String(id),
                lotto: String(item?.batch_id ?? '?'),
              });
            }
            if (current.status === 'inserito') {
              throw ApiError.of(409, 'apiPayNotApproved', {
                id: String(id),
                stato: current.review_state.replace(/_/g, ' '),
              });
            }
            const paid = await payPurchase(trx, id, now);
            await trx
              .insertInto('purchase_events')
              .values({ purchase_id: id, event: 'pagata', at: now, operator_id: actor.operatorId })
              .execute();
            await recordAudit(
              trx,
              actor,
              {
                action: 'pagamento_manuale',
                objectType: 'richiesta',
                objectId: id,
                changes: { stato: 'pagata', importo: formatCents(paid.importo) },
              },
              now,
            );
          });
        } else {
          const motivo = typeof values.motivo === 'string' ? values.motivo : undefined;
          const nota = typeof values.nota === 'string' ? values.nota : undefined;
          const declared = rejectReasons.some((r) => r.code === motivo);
          const decision: Decision =
            command === 'approve'
              ? { azione: 'approva', versione: current.review_version }
              : declared
                ? { azione: 'rifiuta', versione: current.review_version, motivo: motivo!, nota }
                : {
                    azione: 'rifiuta',
                    versione: current.review_version,
                    motivo: 'altro',
                    nota: motivo ?? nota ?? 'Rifiutata dal servizio welfare',
                  };
          const deps = importDepsOf(context);
          const outcome = await decideRequest(
            db,
            { baseUrl: deps.baseUrl },
            actor,
            { customerIds: null },
            id,
            decision,
            now,
          );
          if (outcome.mail)
            await deps.sendMail({
              to: outcome.mail.to,
              subject: outcome.mail.subject,
              text: outcome.mail.text,
            });
          if (outcome.attende_secondo_operatore)
            out(`Prima approvazione registrata: serve un secondo operatore.`);
        }
        const purchase = await db
          .selectFrom('purchases')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        out(purchaseLine(purchase));
        if (command === 'reject')
          out(`Credito restituito: ${formatEuro(purchase.importo)} (movimento AVERE).`);
        return 0;
      }

      case 'add-credit': {
        const { values, positionals } = parse(
          args,
          {
            art51c3: { type: 'boolean' },
            fonte: { type: 'string' },
            from: { type: 'string' },
            to: { type: 'string' },
            oggetto: { type: 'string' },
          },
          2,
        );
        const userId = await userIdOf(db, positionals[0] ?? '');
        const amount = amountOf(positionals[1] ?? '');
        const art = values.art51c3 === true;
        const fonte = typeof values.fonte === 'string' ? Number(values.fonte) : art ? 7 : 1;
        if (!Number.isInteger(fonte) || fonte < 1 || fonte > 7)
          throw new UsageError(`Tipo fonte non valido: ${String(values.fonte)} (1-7)`);
        const from = typeof values.from === 'string' ? dayOf(values.from, '--from') : romeDate(now);
        const to =
          typeof values.to === 'string' ? dayOf(values.to, '--to') : addDays(addMonths(from, 12), -1);
        if (to < from) throw new UsageError(`La scadenza (${to}) precede la decorrenza (${from}).`);
        const { line } = await addCredit(db, {
          userId,
          amountCents: amount,
          fonte,
          isArt51c3: art,
          dataDecorrenza: from,
          dataScadenza: to,
          oggetto: typeof values.oggetto === 'string' ? values.oggetto : undefined,
          at: now,
        });
        out(
          `Linea di credito n. ${line.id} caricata: ${formatEuro(line.credito_iniziale)}` +
            `${art ? ' art. 51 c.3' : ''}, fonte ${fonte}, valida dal ${from} al ${to}.`,
        );
        return 0;
      }

      case 'balance': {
        const { positionals } = parse(args, {}, 1);
        const userId = await userIdOf(db, positionals[0] ?? '');
        const b = await balances(db, userId, romeDate(now));
        out(`Credito totale: ${formatEuro(b.totale)}`);
        out(`di cui art. 51 c.3: ${formatEuro(b.art51c3)}`);
        for (const [fonte, value] of Object.entries(b.perFonte)) {
          if (value > 0) out(`  fonte ${fonte}: ${formatEuro(value)}`);
        }
        const lines = await db
          .selectFrom('credit_lines')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id')
          .execute();
        if (lines.length > 0) {
          const header = [
            'LINEA',
            'FONTE',
            'ART51C3',
            'DECORRENZA',
            'SCADENZA',
            'INIZIALE',
            'SPENDIBILE',
            'CONTABILE',
          ];
          const rows = lines.map((l) => [
            String(l.id),
            String(l.fonte),
            l.is_art51c3 ? 'sì' : 'no',
            l.data_decorrenza,
            l.data_scadenza,
            formatCents(l.credito_iniziale),
            formatCents(l.credito_spendibile),
            formatCents(l.credito_contabile),
          ]);
          for (const line of table([header, ...rows])) out(line);
        }
        return 0;
      }

      case 'debit': {
        const { values, positionals } = parse(
          args,
          {
            art51c3: { type: 'boolean' },
            kind: { type: 'string' },
            oggetto: { type: 'string' },
            key: { type: 'string' },
          },
          2,
        );
        const userId = await userIdOf(db, positionals[0] ?? '');
        const amount = amountOf(positionals[1] ?? '');
        const source: CreditSourceKind = values.art51c3 === true ? 'art51c3' : 'totale';
        const kind = typeof values.kind === 'string' ? Number(values.kind) : source === 'art51c3' ? 5 : 1;
        if (!movementKindIds.includes(kind as never))
          throw new UsageError(`Tipo non valido: ${String(values.kind)} (1-14)`);
        const key = typeof values.key === 'string' ? values.key : null;
        if (key !== null && !isValidIdempotencyKey(key))
          throw new UsageError(`Chiave di idempotenza non valida: ${key}`);
        const result = await debitPurchase(db, {
          userId,
          kind,
          amountCents: amount,
          source,
          oggetto: typeof values.oggetto === 'string' ? values.oggetto : movementKindLabel(kind),
          soggetto: 'Operatore',
          payload: { origine: 'admin' },
          idempotencyKey: key,
          at: now,
        });
        out(
          result.replayed
            ? `Acquisto n. ${result.purchase.id} già creato con questa chiave: nessun nuovo addebito.`
            : `Acquisto n. ${result.purchase.id} creato: ${formatEuro(amount)} (${movementKindLabel(kind)}), ` +
                `addebitato su ${result.allocations.length} linea/e di credito.`,
        );
        return 0;
      }

      case 'sso-token': {
        const { positionals } = parse(args, {}, 2);
        const user = await linkUserOf(db, positionals[0] ?? '');
        const slug = positionals[1] ?? '';
        const provider = findSsoProvider(slug);
        if (!provider) {
          throw new UsageError(
            `Provider SSO sconosciuto: ${slug} (disponibili: ${ssoProviders.map((p) => p.slug).join(', ')})`,
          );
        }
        const links = context.links ?? linksFromEnv();
        const secret = links.ssoSecrets[provider.slug];
        if (!secret)
          throw new UsageError(`Provider SSO ${slug} disattivato: impostare ${provider.secretEnv}.`);
        const token = signSsoToken(user.email, provider.slug, secret, { now });
        out(`Token SSO di ${provider.name} per ${user.email}:`);
        out(token);
        out('URL di accesso:');
        out(`${links.baseUrl}/login/${user.customer}?token=${token}`);
        if (!user.sso_providers.includes(provider.slug)) {
          err(
            `Attenzione: il cliente ${user.customer} non accetta il single sign-on di ${provider.slug}: il portale rifiuterà il token.`,
          );
        } else if (otpTypeOf(user) === 'ENROLL_OTP') {
          err(
            "Attenzione: l'utente non ha ancora attivato il secondo fattore (ENROLL_OTP): il portale rifiuterà il single sign-on.",
          );
        }
        return 0;
      }

      case 'reconnect-link':
      case 'token-link': {
        const { positionals } = parse(args, {}, 1);
        const user = await linkUserOf(db, positionals[0] ?? '');
        const links = context.links ?? linksFromEnv();
        if (command === 'reconnect-link') {
          out(
            `${links.baseUrl}/reconnect?d=${signTicket(user.email, 'reconnect', links.ticketSecret, { now })}`,
          );
        } else {
          const ticket = signTicket(user.email, 'token-login', links.ticketSecret, { now });
          out(`${links.baseUrl}/token-login/${user.customer}?t=${ticket}`);
        }
        return 0;
      }

      // Conventions (issue 14): supplier keys and multi-use vouchers.
      case 'supplier-key': {
        const { positionals } = parse(args, {}, 1);
        const id = Number(positionals[0]);
        if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('Id del fornitore non valido.');
        const key = await db.transaction().execute(async (trx) => {
          const issued = await issueSupplierKey(trx, id);
          await recordAudit(
            trx,
            TERMINAL,
            {
              action: 'chiave_fornitore',
              objectType: 'fornitore',
              objectId: id,
              changes: { chiave: 'nuova (la precedente non vale più)' },
            },
            now,
          );
          return issued;
        });
        out(`Chiave del fornitore n. ${id} (intestazione X-Fornitore-Key), conservarla ora: ${key}`);
        return 0;
      }

      case 'vouchers': {
        const { positionals } = parse(args, {}, 1);
        const userId = await userIdOf(db, positionals[0] ?? '');
        const page = await listVouchers(db, userId, { page: 1, pageSize: 500, limit: 500, offset: 0 });
        if (page.results.length === 0) out('Nessun buono multiuso.');
        for (const v of page.results) {
          out(
            `${v.codice}  ${v.nome_fornitore}  scade ${v.data_scadenza}  iniziale ${v.credito_iniziale}  ` +
              `residuo ${v.credito_residuo}  ${v.voucher_status.dettaglio}`,
          );
          for (const log of v.voucher_credito_log) {
            out(`    ${log.data_movimento}  ${log.nome_fornitore}  -${log.credito_scalato}`);
          }
        }
        return 0;
      }

      case 'redeem': {
        const { positionals } = parse(args, {}, 4);
        const [supplier, codice, pin, importo] = positionals as [string, string, string, string];
        const id = Number(supplier);
        if (!Number.isSafeInteger(id) || id < 1) throw new UsageError('Id del fornitore non valido.');
        const cents = parseCents(importo.replace(',', '.'));
        if (cents === null) throw new UsageError(`Importo non valido: ${importo}.`);
        const done = await redeemVoucher(db, { supplierId: id, codice, pin, importo: formatCents(cents) });
        out(
          `Riscattati ${done.credito_scalato} dal buono ${done.codice}: credito residuo ${done.credito_residuo}.`,
        );
        return 0;
      }

      // Piattapasto (issue 17): the job's work without the server (the same guarded handler).
      case 'piattapasto-send': {
        parse(args, {}, 0);
        const supplier = mealVoucherSupplierFor(
          {
            demo: context.demo ?? loadEnv().demo,
            mealVoucherSuppliers: context.mealVoucherSuppliers ?? resolveMealVoucherSuppliers(process.env),
          },
          db,
        );
        const ids = await pendingOrders(db);
        await recordAudit(
          db,
          TERMINAL,
          {
            action: 'piattapasto_invio',
            objectType: 'piattapasto',
            objectId: ids.length > 0 ? ids.join(',').slice(0, 64) : 'nessuno',
            changes: { ordini: ids },
          },
          now,
        );
        for (const orderId of ids) {
          await sendOrder(db, supplier, { orderId });
          const order = await db
            .selectFrom('piattapasto_orders')
            .select(['status', 'json_error_detail', 'forn_error'])
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow();
          const refused = order.json_error_detail.length;
          out(
            `Ordine Piattapasto n. ${orderId}: ${order.status}` +
              (refused > 0 ? `, ${refused} dipendenti rifiutati` : '') +
              (order.forn_error ? ` (${order.forn_error})` : '') +
              '.',
          );
        }
        if (ids.length === 0) out('Nessun ordine Piattapasto da inviare.');
        return 0;
      }

      case 'imports': {
        const { values } = parse(args, { status: { type: 'string' } }, 0);
        let query = db
          .selectFrom('import_jobs as j')
          .innerJoin('companies as c', 'c.id_azienda', 'j.company_id')
          .select([
            'j.id',
            'c.nome',
            'j.status',
            'j.input_filename',
            'j.rows_total',
            'j.note',
            'j.created_at',
          ])
          .orderBy('j.id');
        if (typeof values.status === 'string')
          query = query.where('j.status', '=', values.status as ImportJobStatus);
        const rows = await query.execute();
        if (rows.length === 0) {
          out('Nessuna importazione.');
          return 0;
        }
        const header = ['ID', 'AZIENDA', 'STATO', 'FILE', 'RIGHE', 'DATA', 'NOTE'];
        const body = rows.map((r) => [
          String(r.id),
          r.nome,
          r.status,
          r.input_filename,
          r.rows_total === null ? '-' : String(r.rows_total),
          romeDate(r.created_at),
          r.note,
        ]);
        for (const line of table([header, ...body])) out(line);
        out(`${rows.length} importazioni.`);
        return 0;
      }

      case 'import-accept':
      case 'import-reject':
      case 'import-run': {
        const { values, positionals } = parse(
          args,
          command === 'import-reject' ? { motivo: { type: 'string' } } : {},
          1,
        );
        const text = positionals[0] ?? '';
        if (!/^[1-9]\d{0,15}$/.test(text)) throw new UsageError(`Id importazione non valido: ${text}`);
        const id = Number(text);
        const job = await db
          .selectFrom('import_jobs')
          .select(['status'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!job) throw new UsageError(`Importazione non trovata: ${id}`);
        if (command === 'import-reject') {
          const motivo = typeof values.motivo === 'string' ? values.motivo : undefined;
          if (!(await decideImportAudited(db, id, job.status, 'REJECTED_BY_BACKOFFICE', motivo, now))) {
            throw new UsageError(
              `L'importazione ${id} è ${job.status}: si rifiuta solo una validazione completata.`,
            );
          }
          out(`Importazione n. ${id}: REJECTED_BY_BACKOFFICE. Nulla è stato scritto.`);
          return 0;
        }
        if (command === 'import-accept') {
          if (!(await decideImportAudited(db, id, job.status, 'ACCEPTED_BY_BACKOFFICE', undefined, now))) {
            throw new UsageError(
              `L'importazione ${id} è ${job.status}: si accetta solo una validazione completata.`,
            );
          }
          out(`Importazione n. ${id}: ACCEPTED_BY_BACKOFFICE.`);
        } else if (job.status !== 'ACCEPTED_BY_BACKOFFICE') {
          throw new UsageError(`L'importazione ${id} è ${job.status}: non c'è nulla da eseguire.`);
        }
        const result = await applyImport(importDepsOf(context), { id });
        const after = await db
          .selectFrom('import_jobs')
          .select(['status', 'note'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        out(`Importazione n. ${id}: ${after.status}. ${after.note}`);
        return result.status === 'IMPORTED_SUCCESSFULLY' ? 0 : 1;
      }

      case 'employee-add': {
        const { positionals } = parse(args, {}, 5);
        const [email = '', nome = '', cognome = '', codiceFiscale = '', partitaIva = ''] = positionals;
        const welcome = await accountStep(() =>
          addEmployee(db, { email, nome, cognome, codiceFiscale, partitaIva }, now),
        );
        out(`Dipendente ${welcome.email} creato (cliente ${welcome.customer}).`);
        const deps = importDepsOf(context);
        await deps.sendMail(welcomeMail(deps.baseUrl, welcome));
        out(`Mail di benvenuto inviata a ${welcome.email}.`);
        return 0;
      }

      case 'user-disable':
      case 'user-enable': {
        const { positionals } = parse(args, {}, 1);
        const disable = command === 'user-disable';
        const changed = await accountStep(() => setDisabled(db, positionals[0] ?? '', disable, now));
        const email = (positionals[0] ?? '').trim().toLowerCase();
        if (disable)
          out(
            changed
              ? `Account ${email} disabilitato: sessioni chiuse.`
              : `Account ${email} già disabilitato.`,
          );
        else out(changed ? `Account ${email} riattivato.` : `Account ${email} già attivo.`);
        return 0;
      }

      case 'otp-reset': {
        const { positionals } = parse(args, {}, 1);
        const deps = importDepsOf(context);
        const mail = await accountStep(() => resetSecondFactor(db, positionals[0] ?? '', deps.baseUrl, now));
        await deps.sendMail(mail);
        out(`Secondo fattore di ${mail.to} azzerato, sessioni chiuse, utente avvisato per e-mail.`);
        return 0;
      }

      case 'customers': {
        parse(args, {}, 0);
        const rows = await listCustomers(db);
        if (rows.length === 0) out('Nessun cliente.');
        else
          for (const line of table([
            ['CODICE', 'NOME', 'AZIENDE', 'UTENTI', 'SECONDO FATTORE', 'SINGLE SIGN-ON'],
            ...rows.map((r) => [
              r.slug,
              r.name,
              String(r.companies),
              String(r.users),
              r.second_factors.map((f) => SECOND_FACTOR_LABELS[f]).join(', '),
              r.sso_providers.join(', ') || '-',
            ]),
          ]))
            out(line);
        return 0;
      }

      case 'companies': {
        const { values } = parse(args, { customer: { type: 'string' } }, 0);
        const rows = await listCompanies(
          db,
          typeof values.customer === 'string' ? values.customer : undefined,
        );
        if (rows.length === 0) out('Nessuna azienda.');
        else
          for (const line of table([
            ['PARTITA IVA', 'RAGIONE SOCIALE', 'CLIENTE', 'UTENTI'],
            ...rows.map((r) => [r.partita_iva ?? '-', r.nome, r.customer, String(r.users)]),
          ]))
            out(line);
        return 0;
      }

      case 'users': {
        const { values } = parse(args, { customer: { type: 'string' }, company: { type: 'string' } }, 0);
        const rows = await listUsers(db, {
          ...(typeof values.customer === 'string' ? { customer: values.customer } : {}),
          ...(typeof values.company === 'string' ? { partitaIva: values.company } : {}),
        });
        if (rows.length === 0) out('Nessun utente.');
        else
          for (const line of table([
            ['E-MAIL', 'NOME', 'PROFILO', 'CLIENTE', 'AZIENDA', 'STATO', 'SECONDO FATTORE'],
            ...rows.map((r) => [r.email, r.name, r.profile, r.customer, r.company, r.state, r.secondFactor]),
          ]))
            out(line);
        return 0;
      }

      case 'provision': {
        const { values, positionals } = parse(args, { prune: { type: 'boolean' } }, 1);
        const file = positionals[0] ?? '';
        const document = readJsonFile(file);
        let result;
        try {
          result = await provision(db, document as Provisioning, { prune: values.prune === true, now });
        } catch (error) {
          if (!(error instanceof ProvisioningError)) throw error;
          err(`Documento rifiutato, nulla è stato scritto (${error.problems.length} errori):`);
          for (const problem of error.problems) err(`  ${problem}`);
          return 1;
        }
        for (const line of result.changes) out(line);
        if (result.changes.length === 0) out('Nessuna modifica: il database corrisponde già al documento.');
        const deps = importDepsOf(context);
        for (const welcome of result.welcomes) {
          await deps.sendMail(welcomeMail(deps.baseUrl, welcome));
          out(`Mail di benvenuto inviata a ${welcome.email}.`);
        }
        return 0;
      }

      // Voucher code stocks (issue 24): the suppliers' codes the showcase purchases hand out.
      case 'voucher-codes-load': {
        const { positionals } = parse(args, {}, 1);
        const file = positionals[0] ?? '';
        let csv: string;
        try {
          csv = readFileSync(file, 'utf8');
        } catch (error) {
          throw new UsageError(`File non leggibile: ${file} (${(error as Error).message})`);
        }
        let result;
        try {
          result = await loadVoucherCodes(db, csv, basename(file), {
            now,
            beforeCommit: (trx, loaded) =>
              recordAudit(
                trx,
                TERMINAL,
                {
                  action: 'codici_caricati',
                  objectType: 'scorta',
                  objectId: basename(file).slice(0, 64) || 'file',
                  changes: { codici: loaded },
                },
                now,
              ),
          });
        } catch (error) {
          if (!(error instanceof VoucherStockError)) throw error;
          err(`File rifiutato, nessun codice è stato caricato (${error.problems.length} errori):`);
          for (const problem of error.problems.slice(0, 200))
            err(`  ${problem.line ? `riga ${problem.line}: ` : ''}${problem.message}`);
          return 1;
        }
        out(`Caricati ${result.loaded} codici.`);
        for (const line of table([
          ['ACQUISTO', 'PRODOTTO', 'AGGIUNTI', 'LIBERI'],
          ...result.stocks.map((s) => [s.acquisto, s.prodotto, String(s.added), String(s.free)]),
        ]))
          out(line);
        return 0;
      }

      case 'voucher-stock': {
        const { values } = parse(args, { low: { type: 'boolean' } }, 0);
        const lines = (await stockReport(db, now)).filter((l) => values.low !== true || l.low);
        if (lines.length === 0)
          out(values.low ? 'Nessuna scorta sotto il livello di avviso.' : 'Nessuna scorta.');
        else
          for (const line of table([
            [
              'ACQUISTO',
              'PRODOTTO',
              'LIBERI',
              'CONSEGNATI',
              'SCADUTI',
              'PROSSIMA SCADENZA',
              'AVVISO SOTTO',
              '',
            ],
            ...lines.map((l) => [
              l.acquisto,
              l.prodotto,
              String(l.free),
              String(l.taken),
              String(l.expired),
              l.nextExpiry ? formatDate(l.nextExpiry) : '-',
              String(l.level),
              l.free === 0 ? 'ESAURITA' : l.low ? 'SCORTA BASSA' : '',
            ]),
          ]))
            out(line);
        return 0;
      }

      // Installation content (issue 24): links, app links and benefit hub codes from a document.
      case 'content': {
        const { values, positionals } = parse(args, { prune: { type: 'boolean' } }, 1);
        const file = positionals[0] ?? '';
        const document = readJsonFile(file);
        let result;
        try {
          result = await loadInstallationContent(db, document as InstallationContent, {
            prune: values.prune === true,
          });
        } catch (error) {
          if (!(error instanceof InstallationContentError)) throw error;
          err(formatMessage('apiContentRefused', { n: String(error.problems.length) }));
          for (const problem of error.problems) err(`  ${problem}`);
          return 1;
        }
        for (const line of result.changes) out(line);
        if (result.changes.length === 0) out(formatMessage('apiContentNoChange'));
        return 0;
      }

      case 'catalogues': {
        const { values, positionals } = parse(args, { prune: { type: 'boolean' } }, 1);
        const document = readJsonFile(positionals[0] ?? '');
        let result;
        try {
          result = await loadCatalogues(db, document as Catalogues, { prune: values.prune === true });
        } catch (error) {
          if (!(error instanceof CatalogueError)) throw error;
          err(formatMessage('apiCataloguesRefused', { n: String(error.problems.length) }));
          for (const problem of error.problems) err(`  ${problem}`);
          return 1;
        }
        for (const line of [...result.changes, ...result.kept]) out(line);
        if (result.changes.length === 0) out(formatMessage('apiCataloguesNoChange'));
        return 0;
      }

      case 'conventions': {
        const { values, positionals } = parse(args, { prune: { type: 'boolean' } }, 1);
        const document = readJsonFile(positionals[0] ?? '');
        let result;
        try {
          result = await loadConventions(db, document as Conventions, { prune: values.prune === true });
        } catch (error) {
          if (!(error instanceof ConventionsError)) throw error;
          err(formatMessage('apiConventionsRefused', { n: String(error.problems.length) }));
          for (const problem of error.problems) err(`  ${problem}`);
          return 1;
        }
        for (const line of [...result.changes, ...result.kept]) out(line);
        if (result.changes.length === 0) out(formatMessage('apiConventionsNoChange'));
        return 0;
      }

      case 'files-to-database': {
        const { values } = parse(args, { remove: { type: 'boolean' } }, 0);
        const uploadsDir =
          context.files?.uploadsDir ?? context.imports?.uploadsDir ?? join(loadEnv().dataDir, 'uploads');
        const result = await filesToDatabase(db, folderFileStore(uploadsDir), databaseFileStore(db), {
          remove: values.remove === true,
          progress: err,
        });
        out(`File trovati nella cartella ${uploadsDir}: ${result.found}`);
        out(`Copiati e verificati: ${result.copied}`);
        out(`Già nel database e integri (saltati): ${result.skipped}`);
        if (result.corrupted > 0) out(`Copie danneggiate trovate e copiate di nuovo: ${result.corrupted}`);
        if (values.remove === true) out(`Copie locali rimosse: ${result.removed}`);
        if (result.failed.length > 0) {
          err(`Errore: ${result.failed.length} file non verificati, copie locali tenute.`);
          return 1;
        }
        return 0;
      }

      default:
        throw new UsageError(`Comando sconosciuto: ${command}. Usare "help" per l'elenco dei comandi.`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      err(`Errore: ${error.message}`);
      return 1;
    }
    if (error instanceof EnvError) {
      err(error.message);
      return 1;
    }
    if (error instanceof ApiError) {
      const detail = 'detail' in error.body ? error.body.detail : Object.values(error.body).flat().join(' ');
      err(`Errore: ${detail}`);
      return 1;
    }
    throw error;
  }
}

async function main(): Promise<void> {
  let exitCode = 1;
  try {
    const env = loadEnv();
    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      await runMigrations(database.db);
      exitCode = await runAdmin(process.argv.slice(2), { db: database.db });
    } finally {
      await database.close();
    }
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : `Errore: ${(error as Error).message}`);
  }
  process.exit(exitCode);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
