/**
 * Texts in declarations are catalogue keys (config/texts.ts): a text-bearing property of a declaration of
 * config/ (a title, a label, a description...) names a key of a catalogue, or wraps data shown as written in
 * `literal('...')`. Walks what the declaration modules export and fails on an Italian string left in such
 * a property, so that messages.test.ts (each text written once) sees every text the user reads.
 */
import { describe, expect, it } from 'vitest';
import * as contentPages from '../../config/content-pages';
import * as forms from '../../config/forms';
import * as menu from '../../config/menu';
import { messages as serverCatalogue } from '../../config/messages-api.it';
import { formMessages } from '../../config/messages-forms.it';
import { tableMessages } from '../../config/messages-tables.it';
import * as operatorConsole from '../../config/operator-console';
import * as pages from '../../config/pages';
import * as partners from '../../config/partners';
import * as plainForms from '../../config/plain-forms';
import * as purchases from '../../config/purchases';
import * as reminders from '../../config/reminders';
import * as showcases from '../../config/showcases';
import * as statusSets from '../../config/status-sets';
import * as supportCategories from '../../config/support-categories';
import * as tables from '../../config/tables';

/** Every key of every catalogue (the server's catalogue holds first paint, account, forms and api). */
const keys = new Set([
  ...Object.keys(serverCatalogue),
  ...Object.keys(formMessages),
  ...Object.keys(tableMessages),
]);

/** The declaration modules, by file: their exports are walked. */
const modules: Record<string, object> = {
  'content-pages': contentPages,
  forms,
  menu,
  'operator-console': operatorConsole,
  pages,
  partners,
  'plain-forms': plainForms,
  purchases,
  reminders,
  showcases,
  'status-sets': statusSets,
  'support-categories': supportCategories,
  tables,
};

/** Properties whose string is a text the user reads. */
const TEXT_PROPS = new Set([
  'title',
  'section_title',
  'title_by_ollipay_profile',
  'label',
  'description',
  'help',
  'caption',
  'note',
  'text',
  'intro',
  'heading',
  'subtitle',
  'placeholder',
  'body',
  'message',
  'warning',
  'name',
  'nome',
  'oggetto',
]);

/**
 * Subtrees whose strings name fields of a call's answer or of a form's data, not texts: a showcase's card,
 * header and detail, a form's ui schema, replay map and payload.
 */
const FIELD_REFERENCES = new Set([
  'card',
  'header',
  'detail',
  'source',
  'uiSchema',
  'replay',
  'payload',
  'query',
]);

/** A string that reads as words: a letter, and a space or a capital first letter; not an address. */
const looksLikeProse = (text: string) =>
  /\p{L}/u.test(text) && (/\s/.test(text) || /^\p{Lu}/u.test(text)) && !/^(https?:|\/|mailto:)/.test(text);

/**
 * A versioned legal text (config/content-pages: the terms, the privacy notice) is the published document of
 * its version, data kept as written: a change is a new version the user accepts again, not a catalogue edit.
 */
const isVersionedDocument = (value: object) => 'version' in value && 'articles' in value;

const isLiteral = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 1 &&
  typeof (value as { literal?: unknown }).literal === 'string';

/** The `path: text` of every Italian string in a text-bearing property that is neither a key nor a literal. */
function literalTexts(
  value: unknown,
  path: string,
  inText: boolean,
  seen: Set<unknown>,
  found: string[],
): void {
  if (typeof value === 'string') {
    if (inText && looksLikeProse(value) && !keys.has(value)) found.push(`${path}: ${value}`);
    return;
  }
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  if (isLiteral(value) || isVersionedDocument(value)) return;
  seen.add(value);
  for (const [prop, child] of Object.entries(value)) {
    if (FIELD_REFERENCES.has(prop)) continue;
    // What sits under a text property (the texts by profile of `title_by_ollipay_profile`) is text too.
    literalTexts(child, `${path}.${prop}`, inText || TEXT_PROPS.has(prop), seen, found);
  }
}

function scan(declarations: Record<string, object>): string[] {
  const found: string[] = [];
  for (const [file, exports] of Object.entries(declarations))
    for (const [name, value] of Object.entries(exports))
      literalTexts(value, `${file}.${name}`, false, new Set(), found);
  return found;
}

describe('texts in declarations', () => {
  it('are catalogue keys or explicit literals, in every declaration of config/', () => {
    expect(scan(modules)).toEqual([]);
  });

  it('fails on an Italian string in a text-bearing property (the check itself)', () => {
    const fixture = {
      page: { title: 'Rimborso spese', label: 'formCancel', code: 'Non un testo' },
      menu: [{ title_by_ollipay_profile: { wfm: 'Welfare Di Marca' } }],
      slot: { label: { literal: 'ACME S.p.A.' }, card: { title: 'Name' } },
    };
    expect(scan({ fixture })).toEqual([
      'fixture.page.title: Rimborso spese',
      'fixture.menu.0.title_by_ollipay_profile.wfm: Welfare Di Marca',
    ]);
  });
});
