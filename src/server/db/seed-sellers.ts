/**
 * Demo data of the conventions (ARCHITECTURE.md §8; spec 002 §2.1-§2.6; issue 14): provinces,
 * categories with their icons, about fifty suppliers across twelve provinces (company suppliers of
 * Acme S.p.A. and of Globex, special suppliers, three consortia with their affiliates), articles of all
 * four templates (and one with an unknown template, which the portal shows as 'Template non trovato')
 * with images drawn here as small SVGs, and multi-use vouchers with redemptions.
 *
 * laura.bianchi holds the vouchers: she has a PIN (`LAURA_DEMO_PIN`, in the README)
 * and buys two vouchers from her art. 51 c.3 credit through the same purchase as the portal's
 * (the `buono-consorzio` declaration run by services/purchases.ts), one of them partly redeemed at two affiliates. mario.rossi has no PIN and no
 * voucher, so a demo (and the end-to-end test) walks the whole path with him.
 *
 * Every affiliate of a consortium has a demo API key, derived from its natural key
 * (`demoSupplierKey`), with which the demo supplier page (routes/sellers/demo-supplier.ts) redeems.
 * Idempotent: rows are keyed by `rif_esterno` (suppliers, articles), by name (images, categories,
 * provinces) or by the purchase's Idempotency-Key (vouchers).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buonoConsorzio } from '../../../config/purchases/sellers';
import { submitPurchase } from '../services/purchases';
import { imageUrl, redeemVoucher, replacePin, supplierKeyHash } from '../services/sellers';
import { withIdempotency, hashRequest } from '../services/idempotency';
import type { DB } from './schema';

export interface SeedSellersContext {
  userId: (email: string) => number;
  companyId: (name: string) => number;
}

/** The demo API key of a supplier (demo mode only: the seed stores its hash). */
export function demoSupplierKey(rif: string): string {
  return `demo-${createHash('sha256').update(`demo-fornitore:${rif}`).digest('hex').slice(0, 32)}`;
}

/** The PIN laura.bianchi's demo vouchers are redeemed with (in the README's demo users). */
export const LAURA_DEMO_PIN = '482913';

const COMUNI: Record<string, readonly [string, string]> = {
  MI: ['Milano', '20121'],
  TO: ['Torino', '10121'],
  RM: ['Roma', '00184'],
  NA: ['Napoli', '80132'],
  BO: ['Bologna', '40121'],
  FI: ['Firenze', '50122'],
  VE: ['Venezia', '30121'],
  GE: ['Genova', '16121'],
  BA: ['Bari', '70121'],
  PA: ['Palermo', '90133'],
  VR: ['Verona', '37121'],
  BG: ['Bergamo', '24121'],
};

interface CategoryPlan {
  id: number;
  nome: string;
  color: string;
  glyph: string;
}

/** Glyphs of the icons: simple paths on a 48-unit grid, white on the category's colour. */
const GLYPHS: Record<string, string> = {
  heart: '<path d="M24 36s-11-7-11-15a6 6 0 0 1 11-3 6 6 0 0 1 11 3c0 8-11 15-11 15z"/>',
  dumbbell:
    '<rect x="10" y="18" width="5" height="12" rx="1"/><rect x="33" y="18" width="5" height="12" rx="1"/><rect x="15" y="22" width="18" height="4"/>',
  book: '<path d="M12 14h10a3 3 0 0 1 2 1 3 3 0 0 1 2-1h10v20H26a3 3 0 0 0-2 1 3 3 0 0 0-2-1H12z"/>',
  ticket: '<path d="M11 17h26v5a3 3 0 0 0 0 6v5H11v-5a3 3 0 0 0 0-6z"/>',
  plane: '<path d="M22 12h4l1 10 11 5v3l-11-2-1 7 3 2v2l-5-1-5 1v-2l3-2-1-7-11 2v-3l11-5z"/>',
  child: '<circle cx="24" cy="15" r="4"/><path d="M17 22h14l-3 8v7h-3v-5h-2v5h-3v-7z"/>',
  house: '<path d="M24 12l13 11h-4v13h-6v-8h-6v8h-6V23h-4z"/>',
  briefcase: '<rect x="11" y="18" width="26" height="17" rx="2"/><path d="M19 18v-4h10v4h-3v-2h-4v2z"/>',
  star: '<path d="M24 11l4 9 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z"/>',
  network:
    '<circle cx="24" cy="14" r="4"/><circle cx="14" cy="32" r="4"/><circle cx="34" cy="32" r="4"/><path d="M23 17l-7 12 2 1 7-12zM25 17l7 12-2 1-7-12zM17 31h14v2H17z"/>',
};

const CATEGORIES: readonly CategoryPlan[] = [
  { id: 1, nome: 'Salute e benessere', color: '#c2255c', glyph: 'heart' },
  { id: 2, nome: 'Sport e palestre', color: '#2f9e44', glyph: 'dumbbell' },
  { id: 3, nome: 'Istruzione e formazione', color: '#1971c2', glyph: 'book' },
  { id: 4, nome: 'Cultura e tempo libero', color: '#e8590c', glyph: 'ticket' },
  { id: 5, nome: 'Viaggi e vacanze', color: '#0c8599', glyph: 'plane' },
  { id: 6, nome: 'Famiglia e infanzia', color: '#9c36b5', glyph: 'child' },
  { id: 7, nome: 'Casa e servizi', color: '#5c940d', glyph: 'house' },
  { id: 8, nome: 'Fornitori aziendali', color: '#495057', glyph: 'briefcase' },
  { id: 9, nome: 'Consorzi', color: '#364fc7', glyph: 'network' },
  { id: 11, nome: 'Fornitori speciali', color: '#a61e4d', glyph: 'star' },
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function iconSvg(category: CategoryPlan): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="96" height="96">' +
    `<rect width="48" height="48" rx="12" fill="${category.color}"/>` +
    `<g fill="#fff">${GLYPHS[category.glyph]}</g></svg>`
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[A-Za-zÀ-ÿ]/.test(word) && word.length > 2)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function logoSvg(name: string, color: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">' +
    `<rect width="120" height="120" rx="20" fill="#f8f9fa"/><circle cx="60" cy="60" r="46" fill="${color}"/>` +
    '<text x="60" y="73" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38" font-weight="700" fill="#fff">' +
    `${escapeXml(initials(name) || name.slice(0, 2).toUpperCase())}</text></svg>`
  );
}

const ART_SHADES: ReadonlyArray<[string, string]> = [
  ['#ffd8a8', '#e8590c'],
  ['#a5d8ff', '#1864ab'],
  ['#b2f2bb', '#2b8a3e'],
  ['#eebefa', '#862e9c'],
  ['#ffc9c9', '#c92a2a'],
];

function articleSvg(title: string, variant: number): string {
  const [light, dark] = ART_SHADES[variant % ART_SHADES.length]!;
  const shapes = [
    `<circle cx="250" cy="60" r="70" fill="${dark}" opacity=".25"/><circle cx="70" cy="170" r="50" fill="#fff" opacity=".35"/>`,
    `<rect x="200" y="-20" width="160" height="160" rx="30" transform="rotate(20 280 60)" fill="${dark}" opacity=".2"/>`,
    `<path d="M0 160 Q80 100 160 150 T320 130 V200 H0z" fill="${dark}" opacity=".3"/>`,
  ][variant % 3];
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" width="640" height="400">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/>` +
    `<stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="320" height="200" fill="url(#g)"/>` +
    `${shapes}<text x="20" y="108" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="${dark}">` +
    `${escapeXml(title.length > 26 ? `${title.slice(0, 25)}…` : title)}</text></svg>`
  );
}

interface SupplierPlan {
  rif: string;
  nome: string;
  cognome?: string;
  categoria: number;
  prov: string | null;
  servizio: [number, string];
  descrizione: string;
  consorzio?: boolean;
  company?: string;
  affiliates?: string[];
  articles?: number;
}

const SERVICES: Record<number, [number, string]> = {
  1: [11, 'Centri medici e benessere'],
  2: [21, 'Sport'],
  3: [31, 'Corsi e scuole'],
  4: [41, 'Cultura e spettacolo'],
  5: [51, 'Agenzie di viaggio'],
  6: [61, 'Servizi per la famiglia'],
  7: [71, 'Servizi per la casa'],
  8: [81, 'Professionisti convenzionati'],
  9: [91, 'Buoni multiuso'],
  11: [111, 'Convenzioni speciali'],
};

function plans(): SupplierPlan[] {
  const list: SupplierPlan[] = [];
  const add = (
    categoria: number,
    prov: string | null,
    nome: string,
    descrizione: string,
    extra: Partial<SupplierPlan> = {},
  ) =>
    list.push({
      rif: `seed-forn-${list.length + 1}`,
      nome,
      categoria,
      prov,
      servizio: SERVICES[categoria]!,
      descrizione,
      ...extra,
    });
  // 1 Salute e benessere
  add(
    1,
    'MI',
    'Centro Medico Sempione',
    'Poliambulatorio con visite specialistiche, analisi e fisioterapia.',
    { articles: 24 },
  );
  add(1, 'TO', 'Terme Reali di Torino', 'Percorsi termali, massaggi e trattamenti viso e corpo.', {
    articles: 4,
  });
  add(
    1,
    'RM',
    'Ottica Colosseo',
    'Occhiali da vista e da sole, lenti a contatto, esame della vista gratuito.',
    { articles: 3 },
  );
  add(1, 'NA', 'Studio Dentistico Partenope', 'Igiene dentale, ortodonzia invisibile e implantologia.', {
    articles: 3,
  });
  add(1, 'BO', 'Farmacia San Petronio', 'Farmaci da banco, dermocosmesi e servizi di telemedicina.', {
    articles: 2,
  });
  add(1, 'FI', 'Spa Ponte Vecchio', 'Centro benessere con piscina riscaldata e sauna finlandese.', {
    articles: 3,
  });
  // 2 Sport e palestre
  add(2, 'MI', 'Palestra Olimpia', 'Sala pesi, corsi di gruppo e piscina semiolimpionica.', { articles: 5 });
  add(2, 'TO', 'Piscine Dora', 'Nuoto libero, acquagym e corsi per bambini.', { articles: 3 });
  add(2, 'GE', 'Circolo Velico Lanterna', 'Corsi di vela per adulti e ragazzi, uscite in barca.', {
    articles: 3,
  });
  add(2, 'VR', 'Arena Fitness', 'Palestra, crossfit e personal trainer.', { articles: 3 });
  add(2, 'BG', 'Orobie Climbing', 'Palestra di arrampicata e corsi in falesia.', { articles: 2 });
  add(2, 'PA', 'Tennis Club Conca d’Oro', 'Campi da tennis e padel, scuola per tutte le età.', {
    articles: 2,
  });
  // 3 Istruzione e formazione
  add(3, 'MI', 'Scuola di Lingue Babele', 'Corsi di inglese, spagnolo e tedesco con certificazione.', {
    articles: 4,
  });
  add(3, 'RM', 'Accademia Musicale Tevere', 'Lezioni di pianoforte, chitarra e canto.', { articles: 3 });
  add(3, 'BO', 'Libreria dell’Università', 'Libri di testo scolastici e universitari.', { articles: 3 });
  add(3, 'FI', 'Campus Digitale', 'Corsi di informatica, coding per ragazzi e grafica.', { articles: 3 });
  // 4 Cultura e tempo libero
  add(4, 'RM', 'Teatro Argentina Convenzioni', 'Abbonamenti e biglietti per la stagione di prosa.', {
    articles: 3,
  });
  add(4, 'NA', 'Museo del Mare', 'Ingressi, visite guidate e laboratori per famiglie.', { articles: 2 });
  add(4, 'VE', 'Cinema Lido', 'Carnet di ingressi e rassegne d’autore.', { articles: 3 });
  add(4, 'TO', 'Parco Avventura Valsusa', 'Percorsi sugli alberi per adulti e bambini.', { articles: 2 });
  add(4, 'BA', 'Festival del Levante', 'Concerti e spettacoli estivi.', { articles: 2 });
  // 5 Viaggi e vacanze
  add(5, 'MI', 'Agenzia Viaggi Navigli', 'Pacchetti vacanza, crociere e viaggi su misura.', { articles: 3 });
  add(5, 'VE', 'Hotel Laguna', 'Soggiorni a Venezia con colazione inclusa.', { articles: 3 });
  add(5, 'PA', 'Tour Sicilia Autentica', 'Escursioni guidate e soggiorni in agriturismo.', { articles: 2 });
  add(5, 'GE', 'Traghetti Liguria', 'Collegamenti con le isole e minicrociere.', { articles: 2 });
  // 6 Famiglia e infanzia
  add(6, 'MI', 'Asilo Nido Girotondo', 'Nido e scuola dell’infanzia con mensa interna.', { articles: 3 });
  add(6, 'BO', 'Centro Estivo Giardini Margherita', 'Centri estivi sportivi e creativi per 6-14 anni.', {
    articles: 2,
  });
  add(6, 'RM', 'Babysitter a Domicilio Roma', 'Servizio di babysitting con personale qualificato.', {
    articles: 2,
  });
  add(6, 'BG', 'Ludoteca Città Alta', 'Spazio gioco, feste e laboratori per bambini.', { articles: 2 });
  // 7 Casa e servizi
  add(7, 'TO', 'Lavanderia Express', 'Lavaggio, stiratura e ritiro a domicilio.', { articles: 2 });
  add(7, 'NA', 'Assistenza Anziani Serena', 'Assistenza domiciliare e compagnia per anziani.', {
    articles: 2,
  });
  add(7, 'FI', 'Pulizie Casa Brillante', 'Pulizie domestiche periodiche e straordinarie.', { articles: 2 });
  add(7, 'VR', 'Spesa a Casa Verona', 'Consegna della spesa a domicilio in giornata.', { articles: 2 });
  // 8 Fornitori aziendali (people, of one company)
  const person = (prov: string, nome: string, cognome: string, descrizione: string, company: string) =>
    add(8, prov, nome, descrizione, { cognome, company, articles: 2 });
  person('MI', 'Giovanni', 'Ferri', 'Fisioterapista convenzionato con Acme S.p.A.', 'Acme S.p.A.');
  person('MI', 'Elena', 'Marchetti', 'Nutrizionista: piani alimentari e visite di controllo.', 'Acme S.p.A.');
  person('BG', 'Paolo', 'Sartori', 'Psicologo e psicoterapeuta, anche online.', 'Acme S.p.A.');
  person('MI', 'Chiara', 'Ferrari', 'Osteopata: trattamenti in sede e a domicilio.', 'Acme S.p.A.');
  person('TO', 'Marco', 'Galli', 'Personal trainer per i dipendenti.', 'Acme S.p.A.');
  person('RM', 'Sara', 'Lombardi', 'Consulente fiscale convenzionata con Globex.', 'Globex S.p.A.');
  // 11 Fornitori speciali
  add(11, 'MI', 'Centro Diagnostico Speciale', 'Check-up completi con prenotazione prioritaria.', {
    articles: 3,
  });
  add(11, null, 'Assicurazione Salute Più', 'Polizze sanitarie integrative per il nucleo familiare.', {
    articles: 2,
  });
  add(11, 'RM', 'Fondazione Vacanze Studio', 'Vacanze studio all’estero per ragazzi.', { articles: 2 });
  // 9 Consorzi (affiliates named by their plan's name)
  add(
    9,
    'MI',
    'Consorzio Benessere Lombardia',
    'Buoni multiuso spendibili presso centri sportivi e di benessere lombardi.',
    {
      consorzio: true,
      affiliates: [
        'Palestra Olimpia',
        'Centro Medico Sempione',
        'Orobie Climbing',
        'Scuola di Lingue Babele',
        'Asilo Nido Girotondo',
        'Ludoteca Città Alta',
      ],
    },
  );
  add(
    9,
    'RM',
    'Consorzio Cultura Italia',
    'Buoni multiuso per teatri, musei, cinema e corsi in tutta Italia.',
    {
      consorzio: true,
      affiliates: [
        'Teatro Argentina Convenzioni',
        'Museo del Mare',
        'Cinema Lido',
        'Accademia Musicale Tevere',
        'Festival del Levante',
      ],
    },
  );
  add(9, 'TO', 'Consorzio Famiglia Nord-Ovest', 'Buoni multiuso per servizi alla famiglia e alla casa.', {
    consorzio: true,
    affiliates: [
      'Lavanderia Express',
      'Piscine Dora',
      'Parco Avventura Valsusa',
      'Centro Estivo Giardini Margherita',
    ],
  });
  return list;
}

const ARTICLE_NAMES: Record<number, readonly string[]> = {
  1: [
    'Visita specialistica',
    'Pacchetto 5 sedute di fisioterapia',
    'Check-up completo',
    'Massaggio rilassante 50 minuti',
    'Esame della vista',
    'Pulizia dentale',
  ],
  2: [
    'Abbonamento mensile',
    'Abbonamento trimestrale',
    'Ingresso singolo',
    'Corso di 10 lezioni',
    'Pacchetto personal trainer',
  ],
  3: [
    'Corso di inglese B1',
    'Lezioni individuali (10)',
    'Corso estivo per ragazzi',
    'Certificazione linguistica',
  ],
  4: ['Abbonamento stagione', 'Biglietto intero', 'Carnet 10 ingressi', 'Visita guidata per famiglie'],
  5: ['Weekend per due', 'Soggiorno di una settimana', 'Escursione giornaliera'],
  6: ['Retta mensile', 'Settimana di centro estivo', 'Pacchetto 20 ore'],
  7: ['Pacchetto 10 servizi', 'Servizio singolo', 'Abbonamento mensile'],
  8: ['Prima visita', 'Pacchetto 5 incontri'],
  11: ['Check-up premium', 'Polizza annuale', 'Programma completo'],
};

const TEMPLATES = [
  'tmpl_default',
  'tmpl_with_images',
  'tmpl_default_no_mail',
  'tmpl_with_images_no_mail',
] as const;

const FRUIZIONE =
  '<p>Dopo l’acquisto ricevi una e-mail con il codice: presentalo al fornitore <strong>entro 12 mesi</strong>.</p>' +
  '<ul><li>Prenota indicando che usi il welfare aziendale</li><li>Porta un documento d’identità</li></ul>';
const ALTRE_INFO =
  '<p>Il servizio è fruibile dal titolare e dai familiari indicati nella dichiarazione. ' +
  'Per informazioni scrivi al fornitore.</p><p><em>Non cumulabile con altre promozioni.</em></p>';

export async function seedSellers(db: Kysely<DB>, context: SeedSellersContext): Promise<void> {
  const images: { nome: string; svg: string }[] = [];

  for (const [index, category] of CATEGORIES.entries()) {
    const icon = `cat-${category.id}.svg`;
    images.push({ nome: icon, svg: iconSvg(category) });
    await db
      .insertInto('conv_categories')
      .values({ id: category.id, nome: category.nome, url_icona: imageUrl(icon), ordine: (index + 1) * 10 })
      .onConflict((oc) => oc.column('id').doUpdateSet({ url_icona: imageUrl(icon) }))
      .execute();
  }

  const supplierPlans = plans();
  const ids = new Map<string, number>();
  let articleIndex = 0;
  for (const [index, plan] of supplierPlans.entries()) {
    const color = CATEGORIES.find((category) => category.id === plan.categoria)!.color;
    const logo = `logo-${plan.rif}.svg`;
    images.push({ nome: logo, svg: logoSvg(`${plan.nome} ${plan.cognome ?? ''}`, color) });
    const [comune, cap] = plan.prov ? COMUNI[plan.prov]! : ['', ''];
    const slug = `${plan.nome}${plan.cognome ? `.${plan.cognome}` : ''}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9.]+/g, '');
    const values = {
      nome: plan.nome,
      cognome: plan.cognome ?? '',
      logo_url: imageUrl(logo),
      indirizzo: `Via ${['Roma', 'Garibaldi', 'Mazzini', 'Dante', 'Verdi', 'Cavour'][index % 6]} ${((index * 7) % 90) + 1}`,
      comune,
      cap,
      provincia: plan.prov,
      tel: `0${(index % 8) + 2} ${String(4000000 + index * 7919).slice(0, 7)}`,
      email: `info@${slug}.example`,
      sito_web: `https://www.${slug}.example`,
      descrizione: plan.descrizione,
      id_categoria: plan.categoria,
      id_categ_servizio: plan.servizio[0],
      nome_categ_servizio: plan.servizio[1],
      is_consorzio: plan.consorzio === true,
      company_id: plan.company ? context.companyId(plan.company) : null,
      rif_esterno: plan.rif,
    };
    const row = await db
      .insertInto('conv_suppliers')
      .values(values)
      .onConflict((oc) => oc.column('rif_esterno').doUpdateSet({ logo_url: values.logo_url }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(plan.nome, row.id);

    const names = ARTICLE_NAMES[plan.categoria] ?? [];
    for (let n = 0; n < (plan.articles ?? 0); n += 1) {
      articleIndex += 1;
      const base = names[n % names.length]!;
      const descrizione = n < names.length ? base : `${base} (${Math.floor(n / names.length) + 1})`;
      const rif = `${plan.rif}-art-${n + 1}`;
      // Every fourth article of the big showcase shows an unknown template: 'Template non trovato'.
      const template =
        plan.articles! > 18 && n === 7 ? 'tmpl_legacy' : TEMPLATES[articleIndex % TEMPLATES.length]!;
      const imageCount = template.startsWith('tmpl_with_images') ? 1 + (articleIndex % 3) : 1;
      const article = await db
        .insertInto('conv_articles')
        .values({
          id_fornitore: row.id,
          descrizione,
          prezzo_unitario: 1500 + ((articleIndex * 3700) % 28000),
          sconto: [0, 10, 15, 20, 25, 30][articleIndex % 6]!,
          disponibilita_max: articleIndex % 11 === 5 ? 0 : 5 + (articleIndex % 40),
          fruizione: FRUIZIONE,
          altre_info:
            articleIndex === 3
              ? `${ALTRE_INFO}<img src="x" onerror="alert('xss')"><script>alert('xss')</script>`
              : ALTRE_INFO,
          sito_web: values.sito_web,
          codice_articolo: `${plan.rif.replace('seed-forn-', 'F')}-${String(n + 1).padStart(2, '0')}`,
          template,
          rif_esterno: rif,
        })
        .onConflict((oc) => oc.column('rif_esterno').doUpdateSet({ template }))
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let k = 1; k <= imageCount; k += 1) {
        const nome = `art-${plan.rif.replace('seed-forn-', '')}-${n + 1}-${k}.svg`;
        images.push({ nome, svg: articleSvg(descrizione, articleIndex + k) });
        await db
          .insertInto('conv_article_images')
          .values({ id_articolo: article.id, posizione: k, web_url: imageUrl(nome) })
          .onConflict((oc) => oc.columns(['id_articolo', 'posizione']).doNothing())
          .execute();
      }
    }
  }

  for (const plan of supplierPlans) {
    for (const affiliate of plan.affiliates ?? []) {
      const affiliateId = ids.get(affiliate);
      if (affiliateId === undefined) throw new Error(`affiliato sconosciuto: ${affiliate}`);
      await db
        .insertInto('conv_consortium_affiliates')
        .values({ id_consorzio: ids.get(plan.nome)!, id_fornitore: affiliateId })
        .onConflict((oc) => oc.columns(['id_consorzio', 'id_fornitore']).doNothing())
        .execute();
      const rif = supplierPlans.find((candidate) => candidate.nome === affiliate)!.rif;
      await db
        .updateTable('conv_suppliers')
        .set({ api_key_hash: supplierKeyHash(demoSupplierKey(rif)) })
        .where('id', '=', affiliateId)
        .execute();
    }
  }

  for (let start = 0; start < images.length; start += 100) {
    await db
      .insertInto('conv_images')
      .values(images.slice(start, start + 100))
      .onConflict((oc) => oc.column('nome').doUpdateSet((eb) => ({ svg: eb.ref('excluded.svg') })))
      .execute();
  }

  await seedLauraVouchers(db, context, ids);
}

async function seedLauraVouchers(
  db: Kysely<DB>,
  context: SeedSellersContext,
  ids: ReadonlyMap<string, number>,
): Promise<void> {
  const laura = context.userId('laura.bianchi@example.com');
  const user = await db
    .selectFrom('users')
    .select(['company_id'])
    .where('id', '=', laura)
    .executeTakeFirstOrThrow();
  const hasPin = await db
    .selectFrom('user_pins')
    .select('user_id')
    .where('user_id', '=', laura)
    .executeTakeFirst();
  // The demo PIN is in the README (the outbox stays empty in the demo data).
  if (!hasPin) await replacePin(db, laura, LAURA_DEMO_PIN);

  const vouchers = [
    { key: 'seed-laura-voucher-1', consortium: 'Consorzio Benessere Lombardia', importo: '100.00' },
    { key: 'seed-laura-voucher-2', consortium: 'Consorzio Cultura Italia', importo: '50.00' },
  ];
  const made: number[] = [];
  for (const voucher of vouchers) {
    const idConsorzio = ids.get(voucher.consortium)!;
    const body = { id_consorzio: idConsorzio, importo: voucher.importo, dichiarazione: true };
    const outcome = await withIdempotency(
      db,
      { userId: laura, key: voucher.key, requestHash: hashRequest({ seed: voucher.key, body }) },
      (finish) =>
        submitPurchase(db, {
          purchase: buonoConsorzio,
          userId: laura,
          companyId: user.company_id,
          finish,
          body,
        }),
    );
    if (!outcome.replayed) made.push((outcome.body as { id_acquisto: number }).id_acquisto);
  }
  // The first voucher, when just made, is partly redeemed at two affiliates.
  if (made.length === vouchers.length) {
    const first = await db
      .selectFrom('voucher_multiuso')
      .select('codice')
      .where('id_acquisto', '=', made[0]!)
      .executeTakeFirstOrThrow();
    await redeemVoucher(db, {
      supplierId: ids.get('Palestra Olimpia')!,
      codice: first.codice,
      pin: LAURA_DEMO_PIN,
      importo: '30.00',
    });
    await redeemVoucher(db, {
      supplierId: ids.get('Centro Medico Sempione')!,
      codice: first.codice,
      pin: LAURA_DEMO_PIN,
      importo: '25.50',
    });
  }
}
