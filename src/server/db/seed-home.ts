/**
 * Demo data of the home (ARCHITECTURE.md §8; spec 000 §2, 002 §3): the info popup of acme, the
 * carousel slides of acme and userportal, and the notifications of the demo users. Idempotent like
 * the rest of the seed: popups and slides are inserted when missing (operators may change them),
 * notifications are keyed by rif_esterno and sent through services/notifications.ts; their read and
 * archive flags are set only when the message is created, so what a demo user marks read stays.
 *
 * mario.rossi: 12 received, 8 in the inbox (2 unread) and 4 in the archive (1 unread); one of them
 * carries script in its HTML (`<img onerror>`, `<script>`) that the portal must neutralise.
 * laura.bianchi (referent): 3 sent (1 archived), 4 received (1 unread, 1 archived).
 * giulia.verdi: 2 received (1 unread).
 */
import type { Kysely } from 'kysely';
import { formatDate } from '../../shared/dates';
import { addDays, addMonths } from '../services/calendar';
import { isDeclaredAction } from '../services/carousel';
import { sendNotification } from '../services/notifications';
import type { CarouselActionType, DB } from './schema';

export interface SeedHomeContext {
  userId: (email: string) => number;
  customerId: (slug: string) => number;
  /** The seed's today in Rome ('YYYY-MM-DD'). */
  today: string;
  now: Date;
  /** A few active Acme S.p.A. employees (recipients of the referent's messages). */
  colleagues: number[];
}

/** Noon UTC of a day: safely inside the same day in Rome. */
const noon = (day: string): Date => new Date(`${day}T11:00:00Z`);

/** The HTML of acme's info popup (an announcement as an operator would write it). */
export const ACME_INFO_POPUP =
  '<h3>Nuova finestra per i rimborsi</h3>' +
  '<p>Fino alla fine del mese puoi chiedere il <strong>rimborso delle spese scolastiche</strong> dei tuoi ' +
  'figli: rette, mense, libri di testo e trasporto scolastico.</p>' +
  '<p>Carica la ricevuta o la fattura (PDF, JPG o PNG, al massimo 3 MB per file) dalla sezione ' +
  '<em>Rimborsi spese</em>: le richieste complete vengono lavorate entro 10 giorni lavorativi.</p>' +
  '<p>Per dubbi scrivi all’assistenza dalla sezione <em>Assistenza</em>.</p>';

interface SlidePlan {
  key: string;
  position: number;
  file: string;
  title: string;
  subtitle: string;
  body: string;
  cta: string;
  type: CarouselActionType;
  target: string | null;
}

/**
 * The same four slides for acme and userportal. Their text is drawn in HTML over the image; every
 * target opens a screen that exists (tests/config/carousel-slides.test.ts).
 */
export const SLIDES: readonly SlidePlan[] = [
  {
    key: 'rimborsi',
    position: 10,
    file: 'rimborsi-spese.svg',
    title: 'Rimborsi spese',
    subtitle: 'Carica le tue ricevute in pochi clic',
    body: 'Istruzione, trasporti, assistenza ai familiari e molto altro',
    cta: 'Richiedi ora',
    type: 'navigate',
    target: 'rimb-spese',
  },
  {
    key: 'buoni',
    position: 20,
    file: 'buoni-regalo.svg',
    title: 'Buoni regalo e gift card',
    subtitle: 'Spesa, carburante, libri e tanto altro',
    body: 'Usa il tuo credito welfare con i marchi che preferisci',
    cta: 'Scopri i buoni',
    type: 'subsection',
    target: 'tree-buoni',
  },
  {
    key: 'viaggi',
    position: 30,
    file: 'viaggi.svg',
    title: 'Viaggi su misura',
    subtitle: 'Prenota la tua prossima vacanza',
    body: 'Soggiorni ed esperienze pagati con il credito welfare',
    cta: 'Scopri i viaggi',
    // The partner pages come with their engine; until then the travel subsection of the menu.
    type: 'subsection',
    target: 'tree-viaggi',
  },
  {
    key: 'previdenza',
    position: 40,
    file: 'previdenza.svg',
    title: 'Previdenza integrativa',
    subtitle: 'Pensa oggi al tuo domani',
    body: 'Versa il credito nel fondo pensione, entro i limiti di legge',
    cta: 'Vai al modulo',
    type: 'navigate',
    target: 'conv-previdenza-integrativa',
  },
];

const SLIDE_CUSTOMERS = ['acme', 'userportal'] as const;

interface RecipientPlan {
  id: number;
  read: boolean;
  archived?: boolean;
}

interface MessagePlan {
  rif: string;
  /** Instant of the message. */
  at: Date;
  sender: number | null;
  senderName?: string;
  riferimento?: number | string | null;
  testo: string;
  to: RecipientPlan[];
  senderArchived?: boolean;
}

export async function seedHome(db: Kysely<DB>, ctx: SeedHomeContext): Promise<void> {
  await db
    .insertInto('info_popups')
    .values({ customer_id: ctx.customerId('acme'), content: ACME_INFO_POPUP })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();

  for (const customer of SLIDE_CUSTOMERS) {
    for (const s of SLIDES) {
      if (!isDeclaredAction(s.type, s.target)) throw new Error(`seed: azione non dichiarata ${s.key}`);
      await db
        .insertInto('carousel_slides')
        .values({
          customer_id: ctx.customerId(customer),
          position: s.position,
          file_name: s.file,
          title: s.title,
          subtitle: s.subtitle,
          body: s.body,
          cta_label: s.cta,
          action_type: s.type,
          action_target: s.target,
          rif_esterno: `seed-slide-${customer}-${s.key}`,
        })
        // A slide seeded before its text moved off the image gets the text (and its new target);
        // one an operator has written text for stays as it is.
        .onConflict((oc) =>
          oc
            .column('rif_esterno')
            .doUpdateSet({
              title: s.title,
              subtitle: s.subtitle,
              body: s.body,
              cta_label: s.cta,
              action_type: s.type,
              action_target: s.target,
            })
            .where('carousel_slides.subtitle', '=', ''),
        )
        .execute();
    }
  }

  for (const m of await messages(db, ctx)) {
    await db.transaction().execute(async (trx) => {
      const { id, created } = await sendNotification(trx, {
        senderUserId: m.sender,
        ...(m.senderName ? { senderName: m.senderName } : {}),
        recipientUserIds: m.to.map((r) => r.id),
        idRiferimento: m.riferimento ?? null,
        testo: m.testo,
        rifEsterno: m.rif,
        at: m.at,
      });
      if (!created) return;
      const readAt = new Date(Math.min(m.at.getTime() + 86_400_000, ctx.now.getTime()));
      for (const r of m.to) {
        if (!r.read && !r.archived) continue;
        await trx
          .updateTable('notification_recipients')
          .set({ conferma_lettura: r.read, read_at: r.read ? readAt : null, archived: r.archived ?? false })
          .where('notification_id', '=', id)
          .where('user_id', '=', r.id)
          .execute();
      }
      if (m.senderArchived) {
        await trx.updateTable('notifications').set({ sender_archived: true }).where('id', '=', id).execute();
      }
    });
  }
}

async function purchaseId(db: Kysely<DB>, userId: number, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row?.id ?? null;
}

const WELFARE = 'Ufficio Welfare';
const SUPPORT = 'Assistenza Portale Welfare';

async function messages(db: Kysely<DB>, ctx: SeedHomeContext): Promise<MessagePlan[]> {
  const { today } = ctx;
  const mario = ctx.userId('mario.rossi@example.com');
  const laura = ctx.userId('laura.bianchi@example.com');
  const giulia = ctx.userId('giulia.verdi@example.com');
  const daysAgo = (days: number) => noon(addDays(today, -days));
  const p = async (userId: number, key: string) => purchaseId(db, userId, key);
  const req = (id: number | null) => (id === null ? '' : ` n. ${id}`);

  const libri = await p(mario, 'seed-mario-p14');
  const carburante = await p(mario, 'seed-mario-p13');
  const parco = await p(mario, 'seed-mario-p12');
  const palestra = await p(mario, 'seed-mario-p05');
  const fondo = await p(mario, 'seed-mario-p02');
  const asilo = await p(giulia, 'seed-giulia-p01');
  const colleagues = ctx.colleagues.map((id, i) => ({ id, read: i % 2 === 0 }));

  return [
    // mario.rossi: inbox, newest first (2 unread).
    {
      rif: 'seed-n-documento-integrativo',
      at: daysAgo(3),
      sender: null,
      senderName: SUPPORT,
      riferimento: libri,
      testo:
        '<p>Gentile Mario,</p>' +
        `<p>per completare la richiesta di rimborso${req(libri)} (<strong>Libri scolastici</strong>, 130,00 €) ` +
        'ci serve anche la <strong>ricevuta fiscale</strong> o la fattura intestata a te o al familiare a carico.</p>' +
        '<p>Puoi caricarla dalla pagina della richiesta entro 30 giorni: fino ad allora la pratica resta sospesa.</p>' +
        '<p>Grazie,<br>Assistenza Portale Welfare</p>',
      to: [{ id: mario, read: false }],
    },
    {
      rif: 'seed-n-scadenza-credito',
      at: daysAgo(5),
      sender: laura,
      senderName: 'Laura Bianchi',
      testo:
        '<p>Gentili colleghi,</p><p>vi ricordiamo di controllare la <strong>scadenza del vostro credito welfare</strong> in ' +
        '<em>Storico movimenti</em>: il credito non utilizzato entro la scadenza non può essere recuperato.</p>' +
        '<p>Ufficio Risorse Umane</p>',
      to: [{ id: mario, read: false }, ...ctx.colleagues.map((id) => ({ id, read: false }))],
    },
    {
      rif: 'seed-n-credito-in-scadenza',
      at: daysAgo(8),
      sender: null,
      senderName: WELFARE,
      testo:
        `<p>Ti ricordiamo che il tuo <strong>Credito welfare da CCNL</strong> scade il <strong>${formatDate(addMonths(today, 6))}</strong>.</p>` +
        '<p>Il credito non utilizzato entro la scadenza non può essere recuperato: trovi il dettaglio in ' +
        '<em>Storico movimenti</em>, alla voce <em>Stato del credito</em>.</p>',
      to: [{ id: mario, read: true }],
    },
    {
      // HTML pasted from an e-mail template, with script in it: the portal must show the text only.
      rif: 'seed-n-condizioni-servizio',
      at: daysAgo(12),
      sender: null,
      senderName: SUPPORT,
      testo:
        '<p>Gentile utente,</p><p>abbiamo aggiornato le <strong>condizioni del servizio</strong> del portale welfare.</p>' +
        '<img src=x onerror="alert(1)"><script>alert(2)</script>' +
        '<p>Le trovi nella sezione <a href="/infos/cond-servizio">Condizioni del servizio</a>.</p>',
      to: [{ id: mario, read: true }],
    },
    {
      rif: 'seed-n-nuove-gift-card',
      at: daysAgo(20),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Sono arrivate nuove <strong>gift card</strong>: Decathlon, IKEA e Feltrinelli si aggiungono ai buoni già disponibili.</p>' +
        '<ul><li>taglio minimo 25,00 €</li><li>consegna via e-mail entro 24 ore</li></ul>' +
        '<p>Le trovi nel menu <em>Buoni</em>.</p>',
      to: [{ id: mario, read: true }],
    },
    {
      rif: 'seed-n-presa-in-carico',
      at: daysAgo(29),
      sender: null,
      senderName: WELFARE,
      riferimento: libri,
      testo:
        '<p>La tua richiesta di rimborso <strong>Libri scolastici</strong> è stata presa in carico.</p><p>Riceverai una notifica quando sarà validata.</p>',
      to: [{ id: mario, read: true }],
    },
    {
      rif: 'seed-n-approvato-carburante',
      at: daysAgo(53),
      sender: null,
      senderName: WELFARE,
      riferimento: carburante,
      testo:
        `<p>La tua richiesta${req(carburante)} (<strong>Bonus carburante</strong>, 50,00 €) è stata <strong>approvata</strong>.</p>` +
        '<p>Il buono ti sarà inviato via e-mail entro 5 giorni lavorativi.</p>',
      to: [{ id: mario, read: true }],
    },
    {
      rif: 'seed-n-pagato-parco',
      at: daysAgo(83),
      sender: null,
      senderName: WELFARE,
      riferimento: parco,
      testo:
        `<p>Il pagamento della richiesta${req(parco)} (<strong>Biglietti parco divertimenti</strong>, 120,00 €) è stato <strong>eseguito</strong>.</p>` +
        '<p>I biglietti sono disponibili nella sezione <em>I miei file</em>.</p>',
      to: [{ id: mario, read: true }],
    },
    // mario.rossi: archive (1 unread).
    {
      rif: 'seed-n-credito-caricato',
      at: noon(addMonths(today, -6)),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Ti è stato accreditato il credito <strong>Conversione premio di risultato</strong> di <strong>1.000,00 €</strong>, ' +
        `utilizzabile fino al ${formatDate(addMonths(today, 12))}.</p>`,
      to: [{ id: mario, read: false, archived: true }],
    },
    {
      rif: 'seed-n-rifiutato-palestra',
      at: daysAgo(238),
      sender: null,
      senderName: WELFARE,
      riferimento: palestra,
      testo:
        `<p>La tua richiesta${req(palestra)} (<strong>Abbonamento palestra</strong>, 75,00 €) non è stata approvata: ` +
        '<em>documentazione non conforme</em>.</p>' +
        '<p>Il credito ti è stato restituito: puoi presentare una nuova richiesta con la documentazione corretta.</p>',
      to: [{ id: mario, read: true, archived: true }],
    },
    {
      rif: 'seed-n-versamento-fondo',
      at: daysAgo(298),
      sender: null,
      senderName: WELFARE,
      riferimento: fondo,
      testo: `<p>Il versamento di <strong>250,00 €</strong> al <strong>Fondo Pensione Cometa</strong> (richiesta${req(fondo)}) è stato eseguito.</p>`,
      to: [{ id: mario, read: true, archived: true }],
    },
    {
      rif: 'seed-n-benvenuto',
      at: daysAgo(330),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Benvenuto nel <strong>portale welfare</strong> di Acme S.p.A.!</p><p>Da qui puoi utilizzare il tuo credito per rimborsi, buoni e servizi.</p>',
      to: [{ id: mario, read: true, archived: true }],
    },

    // laura.bianchi: sent (1 archived) and received (1 unread, 1 archived).
    {
      rif: 'seed-n-piano-welfare',
      at: daysAgo(15),
      sender: laura,
      senderName: 'Laura Bianchi',
      testo:
        '<p>Gentili colleghi,</p><p>è online il <strong>piano welfare</strong> dell’anno: trovate il regolamento nella sezione ' +
        '<em>Documentazione</em> del portale.</p><p>Laura Bianchi<br>Ufficio Risorse Umane</p>',
      to: colleagues,
    },
    {
      rif: 'seed-n-buoni-pasto-elettronici',
      at: daysAgo(120),
      sender: laura,
      senderName: 'Laura Bianchi',
      testo:
        '<p>Gentili colleghi,</p><p>dal prossimo mese i <strong>buoni pasto</strong> saranno solo elettronici: la nuova ' +
        'carta vi arriverà a casa con le istruzioni per attivarla.</p><p>Ufficio Risorse Umane</p>',
      to: ctx.colleagues.map((id) => ({ id, read: true })),
      senderArchived: true,
    },
    {
      rif: 'seed-n-export-mensile',
      at: daysAgo(2),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>È disponibile l’export delle <strong>transazioni di fine mese</strong> di Acme S.p.A.: lo trovi tra i ' +
        '<em>Download</em> del back office.</p>',
      to: [{ id: laura, read: true }],
    },
    {
      rif: 'seed-n-import-completato',
      at: daysAgo(10),
      sender: null,
      senderName: WELFARE,
      riferimento: 'IMP-0014',
      testo: '<p>Il caricamento dei crediti per <strong>Acme Servizi S.r.l.</strong> è stato completato.</p>',
      to: [{ id: laura, read: false }],
    },
    {
      rif: 'seed-n-nuove-convenzioni',
      at: daysAgo(40),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Sono disponibili nuove convenzioni per i dipendenti: consultale nella sezione <em>Convenzioni</em>.</p>',
      to: [{ id: laura, read: true }],
    },
    {
      rif: 'seed-n-benvenuto-referente',
      at: daysAgo(300),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Benvenuta nel <strong>back office aziendale</strong>.</p><p>Da qui gestisci i crediti, i file e le ' +
        'comunicazioni ai dipendenti delle aziende di cui sei referente.</p>',
      to: [{ id: laura, read: true, archived: true }],
    },

    // giulia.verdi (userportal): 2 received, 1 unread.
    {
      rif: 'seed-n-giulia-rimborso-pagato',
      at: daysAgo(13),
      sender: null,
      senderName: WELFARE,
      riferimento: asilo,
      testo:
        `<p>Il rimborso della richiesta${req(asilo)} (<strong>Rimborso retta asilo nido</strong>, 150,00 €) è stato ` +
        '<strong>pagato</strong>.</p>',
      to: [{ id: giulia, read: false }],
    },
    {
      rif: 'seed-n-giulia-benvenuto',
      at: daysAgo(120),
      sender: null,
      senderName: WELFARE,
      testo:
        '<p>Benvenuta nel <strong>portale welfare</strong>!</p><p>Da qui puoi utilizzare il tuo credito per rimborsi, buoni e servizi.</p>',
      to: [{ id: giulia, read: true }],
    },
  ];
}
