/**
 * The content pages (ARCHITECTURE.md §4; spec 002 §2.7): one declaration per route, rendered by the
 * content engine (src/client/engine/content, `<ContentPageScreen route>`). A page is blocks: versioned
 * articles (terms, privacy), a table of legal figures by tax year (regulations), the documentation
 * groups as an accordion, the tutorial videos, the FAQ frame. Adding a page is a declaration here and
 * its route gating in config/routes.ts: each page is a registry page (config/pages.ts), served by the
 * portal's generic route at its path (no route file).
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
  { slug: 'rimb-spese', title: 'boKindExpenses' },
  { slug: 'rimb-bollette', title: 'titleRimbBills' },
  { slug: 'rimb-aff-mutui', title: 'titleRimbHome' },
  { slug: 'conv-previdenza-integrativa', title: 'boKindPension' },
  { slug: 'fringe-app', title: 'titleFringeApp' },
] as const;

export const contentPages = [
  {
    route: 'cond-servizio',
    title: 'conditionsService',
    blocks: [{ kind: 'articles', text: currentVersion(serviceConditionsVersions) }],
  },
  {
    route: 'cond-privacy',
    title: 'titlePrivacyNotice',
    blocks: [{ kind: 'articles', text: currentVersion(privacyNoticeVersions) }],
  },
  {
    route: 'site-normativa',
    title: 'boVoucherRulesTitle',
    description: 'contentRegulationsDescription',
    blocks: [
      {
        kind: 'legal-table',
        caption: 'contentLegalCaption',
        rows: [
          {
            label: 'titleHealth',
            figure: 'supplementaryHealthLimit',
            note: 'contentLegalHealthNote',
          },
          {
            label: 'contentLegalPension',
            figure: 'pensionDeductibilityLimit',
            note: 'contentLegalPensionNote',
          },
          {
            label: 'contentLegalFringe',
            figure: 'art51c3Limit',
            orFigure: 'art51c3LimitWithChildren',
            note: 'contentLegalFringeNote',
          },
          {
            label: 'contentLegalMeal',
            figure: 'mealVoucherElectronicDailyLimit',
            unit: 'contentLegalPerDay',
            note: 'contentLegalMealNote',
          },
        ],
      },
    ],
  },
  {
    route: 'site-documentazione',
    title: 'titleDocumentation',
    description: 'contentDocumentationDescription',
    blocks: [{ kind: 'link-groups', groups: documentationGroups }],
  },
  {
    route: 'site-tutorial',
    title: 'titleTutorial',
    description: 'contentTutorialDescription',
    blocks: [{ kind: 'videos' }],
  },
  {
    route: 'site-faq',
    title: 'titleFaq',
    blocks: [{ kind: 'faq-frame', title: 'contentFaqFrameTitle' }],
  },
] as const satisfies readonly ContentPage[];

export type ContentRouteName = (typeof contentPages)[number]['route'];

export function findContentPage(route: ContentRouteName): ContentPage {
  return contentPages.find((page) => page.route === route)!;
}
