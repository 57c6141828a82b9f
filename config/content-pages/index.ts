/**
 * The content pages (ARCHITECTURE.md §4; spec 002 §2.7): one declaration per route, rendered by the
 * content engine (src/client/engine/content, `<ContentPageScreen route>`). A page is blocks: versioned
 * articles (terms, privacy), a table of legal figures by tax year (regulations), the documentation
 * groups as an accordion, the tutorial videos, the FAQ frame. Adding a page is a declaration here,
 * its route gating in config/routes.ts and a thin route file.
 */
import { privacyNoticeVersions } from './cond-privacy';
import { serviceConditionsVersions } from './cond-servizio';
import type { ContentPage, VersionedText } from './types';

export type { ContentBlock, ContentPage, VersionedText } from './types';

/** The newest version of a versioned text (the one shown and accepted). */
export function currentVersion(versions: readonly VersionedText[]): VersionedText {
  return [...versions].sort((a, b) => b.version.localeCompare(a.version))[0]!;
}

/**
 * The version of the conditions a user accepts in the consent modal (service conditions and privacy
 * notice together): the newer of the two versions. A user who accepted an older one is asked again.
 */
export const conditionsVersion = [
  currentVersion(serviceConditionsVersions),
  currentVersion(privacyNoticeVersions),
]
  .map((text) => text.version)
  .sort()
  .at(-1)!;

/** The groups of site-documentazione (`group_to_show` opens one; voucher pages link `fringe-app`). */
export const documentationGroups = [
  { slug: 'rimb-spese', title: 'Rimborso spese' },
  { slug: 'rimb-bollette', title: 'Rimborso bollette' },
  { slug: 'rimb-aff-mutui', title: 'Rimborso affitto o mutuo prima casa' },
  { slug: 'conv-previdenza-integrativa', title: 'Previdenza integrativa' },
  { slug: 'fringe-app', title: 'Fringe benefit e buoni in app' },
] as const;

export const contentPages = [
  {
    route: 'cond-servizio',
    title: 'Condizioni del servizio',
    blocks: [{ kind: 'articles', text: currentVersion(serviceConditionsVersions) }],
  },
  {
    route: 'cond-privacy',
    title: 'Informativa privacy',
    blocks: [{ kind: 'articles', text: currentVersion(privacyNoticeVersions) }],
  },
  {
    route: 'site-normativa',
    title: 'Normativa',
    description:
      'Le tipologie di spesa welfare e i loro limiti fiscali annui per l’anno d’imposta in corso (D.P.R. 917/1986, TUIR).',
    blocks: [
      {
        kind: 'legal-table',
        caption: 'Tipologie di spesa e limiti per l’anno {year}',
        rows: [
          {
            label: 'Assistenza sanitaria integrativa',
            figure: 'supplementaryHealthLimit',
            note: 'Contributi a enti e casse aventi esclusivamente fine assistenziale (art. 51 c.2 lett. a TUIR).',
          },
          {
            label: 'Previdenza complementare',
            figure: 'pensionDeductibilityLimit',
            note: 'Contributi deducibili versati ai fondi pensione (D.Lgs. 252/2005, art. 8).',
          },
          {
            label: 'Beni e servizi (fringe benefit)',
            figure: 'art51c3Limit',
            orFigure: 'art51c3LimitWithChildren',
            note: 'Beni, servizi e rimborso delle utenze domestiche (art. 51 c.3 TUIR); il limite più alto vale per chi ha figli a carico.',
          },
          {
            label: 'Buoni pasto elettronici',
            figure: 'mealVoucherElectronicDailyLimit',
            unit: 'al giorno',
            note: 'Quota giornaliera non imponibile dei buoni pasto elettronici (art. 51 c.2 lett. c TUIR).',
          },
        ],
      },
    ],
  },
  {
    route: 'site-documentazione',
    title: 'Documentazione',
    description: 'Guide, regolamenti e moduli da scaricare, raggruppati per servizio.',
    blocks: [{ kind: 'link-groups', groups: documentationGroups }],
  },
  {
    route: 'site-tutorial',
    title: 'Tutorial',
    description: 'Brevi video che mostrano passo per passo come usare i servizi del portale.',
    blocks: [{ kind: 'videos' }],
  },
  {
    route: 'site-faq',
    title: 'Domande frequenti',
    blocks: [{ kind: 'faq-frame', title: 'Domande frequenti sul portale welfare' }],
  },
] as const satisfies readonly ContentPage[];

export type ContentRouteName = (typeof contentPages)[number]['route'];

export function findContentPage(route: ContentRouteName): ContentPage {
  return contentPages.find((page) => page.route === route)!;
}
