/**
 * Demo data of the showcases (issue 13, ARCHITECTURE.md §8), run by seed-demo.ts: three dozen voucher
 * retailers with logos drawn here (SVG as data: addresses, allowed by the CSP's img-src), their vouchers
 * with prices (some retailers hold more than a page of 18), the fuel cards, and the mutual-aid sections
 * (category 53, HTML descriptions) with their products, the supplementary health's and the "100" page's
 * sections among them. Loaded as a catalogue document through the operator's loader
 * (services/catalogue-loader.ts, `npm run admin -- catalogues`): idempotent by name, code and slug, and
 * safe when several instances start together (the loader's lock).
 */
import type { Kysely } from 'kysely';
import { screenConstants } from '../../../config/screen-constants';
import type { Catalogues } from '../../../schemas/wire-types.gen';
import { formatCents } from '../../shared/money';
import { loadCatalogues } from '../services/catalogue-loader';
import type { DB } from './schema';

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function dataSvg(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** Initials of a name: first letters of its first two words that start with a letter. */
export function initials(name: string): string {
  const words = name.split(/[\s&.-]+/).filter((word) => /^[A-Za-zÀ-ú]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** A retailer's logo: its initials on a rounded square of its hue, with a small mark. */
export function logoSvg(name: string, hue: number): string {
  return dataSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160"><rect width="160" height="160" rx="30" fill="hsl(${hue},58%,38%)"/>` +
      `<circle cx="126" cy="34" r="20" fill="hsl(${(hue + 40) % 360},70%,72%)" opacity=".75"/>` +
      `<text x="80" y="100" font-family="Arial,Helvetica,sans-serif" font-size="58" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(initials(name))}</text></svg>`,
  );
}

/** A gift card: the retailer's colour, the amount and the initials. */
export function cardSvg(name: string, hue: number, amount: string): string {
  return dataSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 150"><rect width="240" height="150" rx="16" fill="hsl(${hue},55%,34%)"/>` +
      `<path d="M0 110 Q120 70 240 110 V150 H0Z" fill="hsl(${hue},60%,48%)"/>` +
      `<text x="20" y="42" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text>` +
      `<text x="220" y="92" font-family="Arial,Helvetica,sans-serif" font-size="40" font-weight="700" fill="#fff" text-anchor="end">${escapeXml(amount)} €</text></svg>`,
  );
}

/** A mutual-aid icon: a simple symbol on a circle. */
function iconSvg(symbol: string, hue: number): string {
  return dataSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><circle cx="60" cy="60" r="58" fill="hsl(${hue},55%,92%)"/>` +
      `<circle cx="60" cy="60" r="44" fill="hsl(${hue},50%,40%)"/>` +
      `<text x="60" y="76" font-family="Arial,Helvetica,sans-serif" font-size="44" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(symbol)}</text></svg>`,
  );
}

interface Retailer {
  name: string;
  short: string;
  /** Denominations in euro (whole euros). */
  amounts: readonly number[];
  /** Themed gift cards besides the plain vouchers. */
  themes?: readonly string[];
}

const SMALL = [10, 25, 50, 100] as const;
const MEDIUM = [10, 20, 25, 30, 50, 75, 100, 150] as const;
const LARGE = [25, 50, 100, 150, 200, 250, 300, 500] as const;

export const demoRetailers: readonly Retailer[] = [
  {
    name: 'Libreria Centrale',
    short: 'Libri, fumetti e cartoleria dal 1950.',
    amounts: MEDIUM,
    themes: ['Narrativa', 'Ragazzi'],
  },
  {
    name: 'Sport Più',
    short: 'Abbigliamento e attrezzatura per ogni sport.',
    amounts: LARGE,
    themes: ['Running', 'Montagna'],
  },
  { name: 'Casa & Cucina Rossi', short: 'Pentole, piccoli elettrodomestici e tavola.', amounts: MEDIUM },
  { name: 'Elettronica Adriatica', short: 'Smartphone, computer e accessori.', amounts: LARGE },
  {
    name: 'Moda Milano Outlet',
    short: 'Abbigliamento uomo, donna e bambino.',
    amounts: LARGE,
    themes: ['Saldi'],
  },
  { name: 'Profumeria Aurora', short: 'Profumi, trucco e cura della persona.', amounts: MEDIUM },
  {
    name: 'Ottica Visione',
    short: 'Occhiali da vista e da sole, lenti a contatto.',
    amounts: [50, 100, 150, 200, 250],
  },
  { name: 'Giocattoli Arcobaleno', short: 'Giochi e giocattoli per tutte le età.', amounts: MEDIUM },
  {
    name: 'Supermercato Fresco',
    short: 'La spesa di tutti i giorni, anche online.',
    amounts: [10, 20, 25, 30, 50, 75, 100, 150, 200, 250],
    themes: ['Spesa', 'Bio'],
  },
  { name: 'Torrefazione Nera', short: 'Caffè in grani, macinato e capsule.', amounts: SMALL },
  { name: 'Pizzeria Bella Napoli', short: 'Pizza napoletana a domicilio e al tavolo.', amounts: SMALL },
  { name: 'Cinema Odeon', short: 'Biglietti per tutte le sale.', amounts: [10, 15, 20, 25, 50] },
  { name: 'Teatro Verdi', short: 'Prosa, lirica e concerti.', amounts: [25, 50, 75, 100, 150] },
  {
    name: 'Palestra Fitline',
    short: 'Ingressi, corsi e abbonamenti.',
    amounts: [25, 50, 100, 150, 200, 300],
  },
  { name: 'Terme Benessere', short: 'Percorsi spa, massaggi e trattamenti.', amounts: LARGE },
  {
    name: 'Viaggi Orizzonte',
    short: 'Pacchetti vacanza e weekend.',
    amounts: [100, 150, 200, 250, 300, 500],
  },
  { name: 'Gelateria Polo Nord', short: 'Gelato artigianale e torte gelato.', amounts: [10, 15, 20, 25] },
  { name: 'Fioreria Primavera', short: 'Fiori recisi, piante e composizioni.', amounts: SMALL },
  { name: 'Ferramenta Bulloni', short: 'Utensili, bricolage e giardinaggio.', amounts: MEDIUM },
  { name: 'Cartoleria Quaderno', short: 'Scuola, ufficio e belle arti.', amounts: SMALL },
  { name: 'Enoteca Vino Rosso', short: 'Vini italiani, distillati e degustazioni.', amounts: MEDIUM },
  {
    name: 'Pasticceria Dolce Vita',
    short: 'Dolci, torte e pasticceria secca.',
    amounts: [10, 15, 20, 25, 50],
  },
  { name: 'Calzature Passo', short: 'Scarpe e borse per tutta la famiglia.', amounts: MEDIUM },
  {
    name: 'Gioielleria Aurea',
    short: 'Gioielli, orologi e argenteria.',
    amounts: [50, 100, 150, 200, 250, 300, 500],
  },
  { name: 'Musica e Dischi', short: 'Vinili, cd e strumenti musicali.', amounts: MEDIUM },
  { name: 'Animali Felici', short: 'Alimenti e accessori per animali.', amounts: MEDIUM },
  { name: 'Bici & Co.', short: 'Biciclette, ricambi e riparazioni.', amounts: LARGE },
  { name: 'Parafarmacia Salute', short: 'Integratori, cosmesi e prima infanzia.', amounts: MEDIUM },
  { name: 'Arredo Design', short: 'Mobili e complementi d’arredo.', amounts: LARGE },
  { name: 'Giardino Verde', short: 'Piante, vasi e arredo da esterno.', amounts: MEDIUM },
  { name: 'Tecnologia Store', short: 'Informatica, gaming e accessori.', amounts: LARGE, themes: ['Gaming'] },
  { name: 'Abbigliamento Bimbi', short: 'Vestiti da 0 a 14 anni.', amounts: MEDIUM },
  {
    name: 'Ristorante Il Borgo',
    short: 'Cucina del territorio, menu degustazione.',
    amounts: [25, 50, 75, 100, 150],
  },
  { name: 'Pescheria del Porto', short: 'Pesce fresco ogni giorno.', amounts: SMALL },
  { name: 'Ortofrutta Km0', short: 'Frutta e verdura dei produttori locali.', amounts: SMALL },
  { name: 'Edicola Giornali', short: 'Quotidiani, riviste e abbonamenti.', amounts: [10, 15, 20, 25] },
];

/** The voucher products of one retailer: a plain voucher per denomination, then its themed cards. */
export function retailerProducts(retailerIndex: number, retailer: Retailer) {
  const plain = retailer.amounts.map((amount) => ({
    product_code: `AML-${retailerIndex + 1}-${amount}`,
    name: `Buono ${amount} €`,
    amount,
  }));
  const themed = (retailer.themes ?? []).flatMap((theme, t) =>
    retailer.amounts.slice(0, 5).map((amount) => ({
      product_code: `AML-${retailerIndex + 1}-${t + 1}-${amount}`,
      name: `Gift card ${theme} ${amount} €`,
      amount,
    })),
  );
  return [...plain, ...themed];
}

const hueOf = (index: number) => (index * 47) % 360;

export const demoFuelCards = [25, 50, 100, 150, 200, 250] as const;

interface Section {
  slug: string;
  nome: string;
  symbol: string;
  descrizione: string;
  products: readonly { slug: string; nome: string; costo: string; descrizione: string }[];
}

const product = (slug: string, nome: string, costo: string, what: string) => ({
  slug,
  nome,
  costo,
  descrizione: `<p>${what}</p><ul><li>Per il titolare e i familiari indicati</li><li>Durata: 12 mesi dall’adesione</li></ul>`,
});

export const demoSections: readonly Section[] = [
  {
    slug: 'famiglia',
    nome: 'Famiglia',
    symbol: 'F',
    descrizione: '<p>Sostegni per la <strong>famiglia</strong>: nascita, adozione e cura dei figli.</p>',
    products: [
      product(
        'famiglia-nascita',
        'Contributo nascita',
        '150.00',
        'Un contributo per le spese della nascita o dell’adozione.',
      ),
      product('famiglia-nido', 'Sostegno asilo nido', '300.00', 'Un aiuto per la retta dell’asilo nido.'),
      product(
        'famiglia-baby-sitter',
        'Baby sitter di emergenza',
        '90.00',
        'Ore di baby sitter quando servono.',
      ),
      product(
        'famiglia-centri-estivi',
        'Centri estivi',
        '220.00',
        'Un contributo per i centri estivi dei figli.',
      ),
      product('famiglia-libri', 'Libri scolastici', '120.00', 'Un contributo per i libri di scuola.'),
      product('famiglia-mensa', 'Mensa scolastica', '180.00', 'Un contributo per la mensa scolastica.'),
      product('famiglia-doposcuola', 'Doposcuola', '250.00', 'Un contributo per il doposcuola.'),
      product('famiglia-trasporto', 'Trasporto scolastico', '160.00', 'Un contributo per lo scuolabus.'),
      product(
        'famiglia-sport',
        'Sport dei ragazzi',
        '140.00',
        'Un contributo per l’attività sportiva dei figli.',
      ),
      product(
        'famiglia-musica',
        'Corsi di musica',
        '200.00',
        'Un contributo per i corsi di musica dei figli.',
      ),
      product('famiglia-tutela', 'Tutela legale familiare', '850.00', 'Consulenza legale per la famiglia.'),
    ],
  },
  {
    slug: 'anziani',
    nome: 'Assistenza agli anziani',
    symbol: 'A',
    descrizione: '<p>Servizi per i familiari <em>anziani</em> o non autosufficienti.</p>',
    products: [
      product('anziani-badante', 'Ore di assistenza domiciliare', '400.00', 'Ore di assistenza a casa.'),
      product(
        'anziani-teleassistenza',
        'Teleassistenza',
        '120.00',
        'Un pulsante di chiamata attivo giorno e notte.',
      ),
      product(
        'anziani-trasporto',
        'Accompagnamento alle visite',
        '80.00',
        'Accompagnamento alle visite mediche.',
      ),
    ],
  },
  {
    slug: 'istruzione',
    nome: 'Istruzione',
    symbol: 'I',
    descrizione: '<p>Contributi per lo <strong>studio</strong> dei figli e dei familiari.</p>',
    products: [
      product(
        'istruzione-universita',
        'Tasse universitarie',
        '500.00',
        'Un contributo per le tasse universitarie.',
      ),
      product('istruzione-lingue', 'Corso di lingue', '250.00', 'Un corso di lingua straniera.'),
      product(
        'istruzione-ripetizioni',
        'Ripetizioni',
        '150.00',
        'Ore di ripetizione nelle materie scolastiche.',
      ),
    ],
  },
  {
    slug: 'prevenzione',
    nome: 'Prevenzione',
    symbol: 'P',
    descrizione: '<p>Controlli e <strong>check-up</strong> per prevenire.</p>',
    products: [
      product('prevenzione-checkup', 'Check-up completo', '180.00', 'Esami del sangue e visita.'),
      product('prevenzione-dentista', 'Igiene dentale', '70.00', 'Una seduta di igiene dentale.'),
      product('prevenzione-vista', 'Controllo della vista', '60.00', 'Una visita oculistica.'),
    ],
  },
  {
    slug: 'tempo-libero',
    nome: 'Sport e tempo libero',
    symbol: 'S',
    descrizione: '<p>Attività sportive e ricreative con finalità sociali.</p>',
    products: [
      product('tempo-libero-piscina', 'Corso di nuoto', '200.00', 'Un corso di nuoto per tutta la famiglia.'),
      product('tempo-libero-campus', 'Campus estivo', '350.00', 'Una settimana di campus estivo.'),
    ],
  },
  {
    slug: 'disabilita',
    nome: 'Disabilità',
    symbol: 'D',
    descrizione: '<p>Sostegni per i familiari con <strong>disabilità</strong>.</p>',
    products: [
      product('disabilita-ausili', 'Ausili', '600.00', 'Un contributo per gli ausili.'),
      product(
        'disabilita-sollievo',
        'Ore di sollievo',
        '300.00',
        'Ore di assistenza per chi cura un familiare.',
      ),
    ],
  },
  {
    slug: screenConstants.eureteHealthSection,
    nome: 'Assistenza sanitaria integrativa',
    symbol: '+',
    descrizione:
      '<p>Piani di <strong>assistenza sanitaria integrativa</strong>, pagati con il credito welfare totale. ' +
      'Dopo l’acquisto completi l’adesione sul portale del partner.</p>',
    products: [
      product('salute-base', 'Piano salute base', '240.00', 'Visite specialistiche e diagnostica.'),
      product('salute-famiglia', 'Piano salute famiglia', '520.00', 'Il piano base esteso ai familiari.'),
      product('salute-plus', 'Piano salute plus', '980.00', 'Ricoveri, interventi e odontoiatria.'),
    ],
  },
  // The mutual-aid "100" page (conv-eurete-100): art. 100 purposes, paid from the total.
  {
    slug: screenConstants.eurete100Section,
    nome: 'Welfare sociale art. 100',
    symbol: 'W',
    descrizione:
      '<p>Servizi di <strong>utilità sociale</strong> per te e per i tuoi familiari: educazione, istruzione, ' +
      'ricreazione, assistenza sociale e sanitaria.</p>',
    products: [
      product('art100-musei', 'Tessera musei', '60.00', 'Un anno di ingressi nei musei convenzionati.'),
      product('art100-ludoteca', 'Ludoteca', '90.00', 'Pomeriggi in ludoteca per i figli.'),
      product('art100-prevenzione', 'Check-up di prevenzione', '130.00', 'Esami e visita di prevenzione.'),
      product('art100-teatro', 'Abbonamento a teatro', '160.00', 'Sei spettacoli della stagione.'),
      product(
        'art100-centro-estivo',
        'Centro ricreativo estivo',
        '180.00',
        'Due settimane di centro estivo.',
      ),
      product('art100-palestra', 'Abbonamento palestra sociale', '240.00', 'Un anno di palestra sociale.'),
      product(
        'art100-lingue',
        'Corso di lingua per adulti',
        '290.00',
        'Un corso serale di lingua straniera.',
      ),
      product(
        'art100-domiciliare',
        'Assistenza sociale domiciliare',
        '380.00',
        'Ore di assistenza sociale a casa per i familiari.',
      ),
      product(
        'art100-formazione',
        'Corso di formazione professionale',
        '450.00',
        'Un corso di aggiornamento professionale.',
      ),
      product(
        'art100-viaggio-istruzione',
        'Viaggio di istruzione',
        '520.00',
        'Il viaggio di istruzione dei figli.',
      ),
      product(
        'art100-soggiorno',
        'Soggiorno climatico per anziani',
        '600.00',
        'Una settimana di soggiorno climatico per i familiari anziani.',
      ),
    ],
  },
];

/**
 * The demo's catalogues as an installation's document (schemas/admin/catalogues.json): every retailer
 * with its vouchers, the fuel cards, the mutual-aid sections with their products; the codes and slugs
 * are the ones the demo has always had (tests and the demo's stocks name them).
 */
export function demoCatalogues(): Catalogues {
  return {
    retailers: demoRetailers.map((retailer, index) => {
      const hue = hueOf(index);
      return {
        name: retailer.name,
        image_url: logoSvg(retailer.name, hue),
        short_description: retailer.short,
        long_description: `<p><strong>${escapeXml(retailer.name)}</strong>: ${retailer.short}</p><p>I buoni valgono in tutti i punti vendita e sul sito, anche per più acquisti fino all’esaurimento dell’importo.</p>`,
        products: retailerProducts(index, retailer).map((p) => ({
          product_code: p.product_code,
          name: p.name,
          price: formatCents(p.amount * 100),
          image_url: cardSvg(retailer.name, hue, String(p.amount)),
        })),
      };
    }),
    fuel_cards: demoFuelCards.map((amount) => ({
      product_code: `FUEL-${amount}`,
      name: `Carta carburante ${amount} €`,
      price: formatCents(amount * 100),
      image_url: cardSvg('Carta Carburante', 25, String(amount)),
    })),
    mutual_aid: demoSections.map((section, index) => {
      const icona = iconSvg(section.symbol, (index * 53 + 190) % 360);
      return {
        slug: section.slug,
        nome: section.nome,
        descrizione: section.descrizione,
        icona,
        products: section.products.map((p) => ({
          slug: p.slug,
          nome: p.nome,
          costo: p.costo,
          descrizione: p.descrizione,
          icona,
          url_scheda: `https://eurete.example/schede/${p.slug}.pdf`,
          url_regolamento: 'https://eurete.example/regolamento.pdf',
        })),
      };
    }),
  };
}

/**
 * Loads the demo's catalogues through the installation's loader (services/catalogue-loader.ts): demo
 * mode is a layer over what an operator can load. Never prunes: what an operator added stays.
 */
export async function seedShowcases(db: Kysely<DB>): Promise<void> {
  await loadCatalogues(db, demoCatalogues());
}
