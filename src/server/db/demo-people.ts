/**
 * Plausible Italian people for the demo seed: deterministic names, e-mails and real-looking
 * codici fiscali (with the correct check letter), so the screens look real and runs repeat.
 */

const MONTHS = 'ABCDEHLMPRST';
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function letters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase();
}

function consonants(s: string): string {
  return s.replace(/[AEIOU]/g, '');
}

function vowels(s: string): string {
  return s.replace(/[^AEIOU]/g, '');
}

function surnameCode(surname: string): string {
  const s = letters(surname);
  return `${consonants(s)}${vowels(s)}XXX`.slice(0, 3);
}

function nameCode(name: string): string {
  const s = letters(name);
  const c = consonants(s);
  if (c.length >= 4) return `${c[0]}${c[2]}${c[3]}`;
  return `${c}${vowels(s)}XXX`.slice(0, 3);
}

function checkLetter(partial: string): string {
  let sum = 0;
  for (let i = 0; i < partial.length; i++) {
    const ch = partial[i] ?? '0';
    const isDigit = ch >= '0' && ch <= '9';
    const index = isDigit ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 65;
    // Positions are counted from 1: odd positions use the conversion table.
    sum += i % 2 === 0 ? (ODD[index] ?? 0) : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Codice fiscale of a person born on `birth` ('YYYY-MM-DD') in the municipality with code `comune`. */
export function codiceFiscale(
  cognome: string,
  nome: string,
  birth: string,
  female: boolean,
  comune: string,
): string {
  const [year = '2000', month = '01', day = '01'] = birth.split('-');
  const dd = Number(day) + (female ? 40 : 0);
  const partial = `${surnameCode(cognome)}${nameCode(nome)}${year.slice(2)}${MONTHS[Number(month) - 1]}${String(dd).padStart(2, '0')}${comune}`;
  return partial + checkLetter(partial);
}

export interface DemoPerson {
  nome: string;
  cognome: string;
  female: boolean;
  birth: string;
  comune: string;
}

const FIRST = [
  ['Alessandro', false],
  ['Francesca', true],
  ['Lorenzo', false],
  ['Chiara', true],
  ['Matteo', false],
  ['Sara', true],
  ['Davide', false],
  ['Elena', true],
  ['Simone', false],
  ['Martina', true],
  ['Andrea', false],
  ['Valentina', true],
  ['Federico', false],
  ['Alessia', true],
  ['Riccardo', false],
  ['Silvia', true],
  ['Stefano', false],
  ['Paola', true],
] as const;

const LAST = [
  'Ferrari',
  'Esposito',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
];

/** Milano, Roma, Torino, Bologna, Napoli, Firenze. */
const COMUNI = ['F205', 'H501', 'L219', 'A944', 'F839', 'D612'];

/** `count` distinct people, the same ones on every call with the same offset. */
export function demoPeople(count: number, offset = 0): DemoPerson[] {
  const people: DemoPerson[] = [];
  for (let i = offset; i < offset + count; i++) {
    const first = FIRST[i % FIRST.length] ?? FIRST[0];
    const last = LAST[(i * 7 + 3) % LAST.length] ?? 'Rossi';
    const year = 1965 + ((i * 11) % 32);
    const month = 1 + ((i * 5) % 12);
    const day = 1 + ((i * 13) % 28);
    people.push({
      nome: first[0],
      cognome: last,
      female: first[1],
      birth: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      comune: COMUNI[i % COMUNI.length] ?? 'H501',
    });
  }
  return people;
}

/** nome.cognome@domain, lower case, without spaces or accents. */
export function demoEmail(person: Pick<DemoPerson, 'nome' | 'cognome'>, domain: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${clean(person.nome)}.${clean(person.cognome)}@${domain}`;
}
