/**
 * Content pages (ARCHITECTURE.md §4 "Content pages"; spec 002 §2.7): each page is a title and a list of
 * blocks that one engine renders (src/client/engine/content). A page is data here, never a screen of
 * its own: terms and privacy are versioned articles, the regulations a table of legal figures by tax
 * year, documentation and tutorials lists read from `static_links`, the FAQ a frame.
 */
import type { LegalFigureName } from '../legal-constants';
import type { MessageKey } from '../messages-account.it';
import type { RouteName } from '../routes';
import type { TextRef } from '../texts';

/** A text of a content page: a key of the account catalogue, or `literal(...)` (config/texts.ts). */
export type ContentText = TextRef<MessageKey>;

/** One article or section of a versioned text. */
export interface Article {
  readonly title: string;
  /** Paragraphs; a paragraph starting with "- " items is shown as a list of its lines. */
  readonly paragraphs: readonly string[];
}

/**
 * A legal text kept as versions: the newest one is shown; accepting a new one asks consent again. Its words
 * are the published document of that version (data, not catalogue texts): a change is a new version.
 */
export interface VersionedText {
  /** e.g. '2026-01': compared with what the user accepted (user_privacy.conditions_version). */
  readonly version: string;
  /** In force from (YYYY-MM-DD), shown as DD-MM-YYYY. */
  readonly effectiveFrom: string;
  readonly intro?: readonly string[];
  readonly articles: readonly Article[];
}

/** A row of the regulations table: an expense type and its limit, a legal figure of the tax year. */
export interface LegalRow {
  readonly label: ContentText;
  readonly figure: LegalFigureName;
  /** The alternative figure of the same row (art. 51 c.3: with dependent children). */
  readonly orFigure?: LegalFigureName;
  /** Words after the amount ("al giorno"). */
  readonly unit?: ContentText;
  readonly note: ContentText;
}

export type ContentBlock =
  | { readonly kind: 'articles'; readonly text: VersionedText }
  | { readonly kind: 'legal-table'; readonly caption: ContentText; readonly rows: readonly LegalRow[] }
  /** The groups of `GET /api/static_links/documentazione` as an accordion (`group_to_show` opens one). */
  | {
      readonly kind: 'link-groups';
      readonly groups: readonly { readonly slug: string; readonly title: ContentText }[];
    }
  /** The videos of `GET /api/static_links/tutorial`, each played in a modal. */
  | { readonly kind: 'videos' }
  /** The FAQ frame: the address of `GET /api/faq_url`. */
  | { readonly kind: 'faq-frame'; readonly title: ContentText };

export interface ContentPage {
  /** The route name that shows the page (config/routes.ts). */
  readonly route: RouteName;
  readonly title: ContentText;
  readonly description?: ContentText;
  readonly blocks: readonly ContentBlock[];
}

/** A question of the FAQ (the page this server serves in demo mode, and the portal's help). */
export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}
