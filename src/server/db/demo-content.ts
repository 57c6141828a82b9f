/**
 * The demo's installation content (issue 24), loaded at every demo start through the same loader as an
 * installation's document (services/installation-content.ts): documentation and tutorial links, the
 * app voucher pages' store pages, the demo customers' benefit hub codes. Demo mode plays the outside
 * world, so its addresses are served by this server: the tutorial video from the build (public/media,
 * plays without internet, captions beside it) and each document as a one-page PDF
 * (routes/demo-partner, `DEMO_DOCUMENTATION_PATH`). The app links are the stores' searches for the app.
 */
import type { Kysely } from 'kysely';
import type { InstallationContent } from '../../../schemas/wire-types.gen';
import { loadInstallationContent } from '../services/installation-content';
import type { DB } from './schema';

export const DEMO_TUTORIAL_VIDEO = '/media/tutorial-demo.webm';
/** Where the demo partner serves the demo's documents (`<name>.pdf`). */
export const DEMO_DOCUMENTATION_PATH = '/demo-partner/documentazione/';
const doc = (name: string) => `${DEMO_DOCUMENTATION_PATH}${name}.pdf`;

const stores = (app: string) => ({
  ios: `https://www.apple.com/it/search/${app}`,
  android: `https://play.google.com/store/search?q=${app}&c=apps`,
});

export const DEMO_CONTENT = {
  documentation: [
    {
      group: 'rimb-spese',
      links: [
        {
          slug: 'regolamento_rimborsi',
          nome: 'Regolamento dei rimborsi',
          descrizione: 'Spese ammesse, documenti richiesti e tempi di validazione.',
          url: doc('regolamento-rimborsi'),
        },
        {
          slug: 'elenco_spese_ammesse',
          nome: 'Elenco delle spese ammesse',
          descrizione: 'Le categorie di spesa rimborsabili per il dipendente e i familiari.',
          url: doc('elenco-spese-ammesse'),
        },
      ],
    },
    {
      group: 'rimb-bollette',
      links: [
        {
          slug: 'guida_rimborso_bollette',
          nome: 'Guida al rimborso delle utenze domestiche',
          descrizione: 'Bollette ammesse, intestazione e autocertificazione.',
          url: doc('guida-rimborso-bollette'),
        },
        {
          slug: 'modello_autocertificazione_utenze',
          nome: 'Modello di autocertificazione utenze',
          descrizione: 'Da compilare e firmare quando la bolletta non è intestata al dipendente.',
          url: doc('autocertificazione-utenze'),
        },
      ],
    },
    {
      group: 'rimb-aff-mutui',
      links: [
        {
          slug: 'guida_affitto_mutuo',
          nome: 'Guida al rimborso di affitto e mutuo',
          descrizione: 'Contratto, ricevute, piano di ammortamento e mesi di riferimento.',
          url: doc('guida-affitto-mutuo'),
        },
        {
          slug: 'modello_autocertificazione_prima_casa',
          nome: 'Modello di autocertificazione prima casa',
          descrizione: 'Dichiarazione di residenza nell’abitazione principale.',
          url: doc('autocertificazione-prima-casa'),
        },
      ],
    },
    {
      group: 'conv-previdenza-integrativa',
      links: [
        {
          slug: 'informativa_previdenza_integrativa',
          nome: 'Informativa sulla previdenza complementare',
          descrizione: 'Condizioni del versamento al fondo pensione e limiti di deducibilità.',
          url: doc('informativa-previdenza-integrativa'),
        },
        {
          slug: 'guida_fondi_pensione',
          nome: 'Guida ai fondi pensione',
          descrizione: 'Fondi negoziali, fondi aperti e piani individuali a confronto.',
          url: doc('guida-fondi-pensione'),
        },
      ],
    },
    {
      group: 'fringe-app',
      links: [
        {
          slug: 'guida_fringe_benefit',
          nome: 'Guida ai fringe benefit (art. 51 c.3)',
          descrizione: 'Soglie annuali, buoni acquisto e utenze domestiche.',
          url: doc('guida-fringe-benefit'),
        },
        {
          slug: 'faq_app_buoni',
          nome: 'Domande frequenti sui buoni in app',
          descrizione: 'Attivazione, utilizzo e scadenza dei buoni spendibili in app.',
          url: doc('faq-app-buoni'),
        },
      ],
    },
  ],
  tutorials: [
    {
      group: 'rimb-spese',
      nome: 'Rimborso spese',
      links: [
        {
          slug: 'tutorial_rimborso_spese',
          nome: 'Come chiedere un rimborso spese',
          descrizione: 'La richiesta passo per passo: categoria, importo, documenti e beneficiario.',
          url: DEMO_TUTORIAL_VIDEO,
        },
        {
          slug: 'tutorial_documenti_familiari',
          nome: 'Rimborsi per i familiari',
          descrizione: 'Quali documenti allegare quando il beneficiario è un familiare.',
          url: DEMO_TUTORIAL_VIDEO,
        },
      ],
    },
    {
      group: 'rimb-interessi',
      nome: 'Rimborso interessi mutuo',
      links: [
        {
          slug: 'tutorial_rimborso_interessi',
          nome: 'Come chiedere il rimborso degli interessi',
          descrizione: 'Quota interessi, intestatari, importo massimo rimborsabile e IBAN.',
          url: DEMO_TUTORIAL_VIDEO,
        },
      ],
    },
    {
      group: 'conv-previdenza-integrativa',
      nome: 'Previdenza integrativa',
      links: [
        {
          slug: 'tutorial_previdenza_integrativa',
          nome: 'Versare il credito welfare al fondo pensione',
          descrizione: 'Scelta del fondo, importo e limiti di deducibilità.',
          url: DEMO_TUTORIAL_VIDEO,
        },
        {
          slug: 'tutorial_cambio_fondo',
          nome: 'Cambiare il fondo pensione',
          descrizione: 'Cosa succede quando indichi un fondo diverso da quello salvato.',
          url: DEMO_TUTORIAL_VIDEO,
        },
      ],
    },
  ],
  apps: [
    { page: 'conv-toduba', ...stores('toduba') },
    { page: 'conv-appaga', ...stores('appaga') },
    { page: 'conv-ollipay', ...stores('ollipay') },
  ],
  // The customers of the demo's people (seed-demo.ts); the skin gallery's other customers have none,
  // so their benefit hub page shows the code as not available yet.
  customers: [
    { code: 'acme', benefit_hub_code: 'ACME-7F3K92QD' },
    { code: 'userportal', benefit_hub_code: 'USERPORTAL-4D8M21' },
    { code: 'globex', benefit_hub_code: 'GLOBEX-93KX7P' },
    { code: 'initech', benefit_hub_code: 'INITECH-2B6Q5W' },
  ],
} satisfies InstallationContent;

/** The demo document's name of a served document (`<name>.pdf`), or null when it lists no such file. */
export function demoDocumentName(file: string): string | null {
  const url = `${DEMO_DOCUMENTATION_PATH}${file}`;
  for (const group of DEMO_CONTENT.documentation)
    for (const link of group.links) if (link.url === url) return link.nome;
  return null;
}

/** Loads the demo's content (never prunes: what an operator added beside it stays). */
export async function seedDemoContent(db: Kysely<DB>): Promise<void> {
  await loadInstallationContent(db, DEMO_CONTENT);
}
