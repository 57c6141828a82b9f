/**
 * The screens of the page registry (config/pages.ts), one per kind, each a chunk of its own loaded when a
 * page of that kind is first drawn: the generic routes (`$group/$page`, `backoffice-refazi/$page`) stay
 * tiny and know no kind. A kind's screen is the engine's (or the feature's) screen given the entry's
 * declaration; titles and intros are the entry's catalogue keys.
 */
import { lazy, type ComponentType } from 'react';
import type { PageDeclaration, PageKind } from '../../../../config/pages';

type EntryOf<K extends PageKind> = Extract<PageDeclaration, { kind: K }>;
/** A kind's screen: the entry, and the values of its path's parameters (`{ id_fornitore: '12' }`). */
type KindScreen<K extends PageKind> = ComponentType<{
  page: EntryOf<K>;
  params: Readonly<Record<string, string>>;
}>;

/** A kind's screen, loaded when first drawn. */
function kindScreen<K extends PageKind>(load: () => Promise<KindScreen<K>>): KindScreen<K> {
  return lazy(async () => ({ default: await load() }));
}

const screens: { readonly [K in PageKind]: KindScreen<K> } = {
  partner: kindScreen<'partner'>(async () => {
    const { PartnerScreen } = await import('../../engine/partner/partner-screen');
    return ({ page }) => <PartnerScreen partner={page.partner} />;
  }),
  showcase: kindScreen<'showcase'>(async () => {
    const [{ ShowcaseScreen }, { EureteGate }, { showcasePageText }] = await Promise.all([
      import('../../features/showcases/showcase-screen'),
      import('../../features/showcases/eurete-gate'),
      import('./-page-texts'),
    ]);
    return ({ page, params }) => {
      const screen = (
        <ShowcaseScreen
          title={showcasePageText(page.title)}
          {...(page.intro ? { intro: showcasePageText(page.intro) } : {})}
          declaration={page.showcase}
          {...(Object.keys(params).length > 0 ? { params } : {})}
          {...(page.documentation ? { documentation: page.documentation } : {})}
        />
      );
      return page.gate === 'eurete' ? <EureteGate>{screen}</EureteGate> : screen;
    };
  }),
  'app-voucher': kindScreen<'app-voucher'>(async () => {
    const { AppVoucherScreen } = await import('../../features/showcases/app-voucher-screen');
    return ({ page }) => <AppVoucherScreen page={page.page} />;
  }),
  content: kindScreen<'content'>(async () => {
    const { ContentPageScreen } = await import('../../engine/content/content-page');
    return ({ page }) => <ContentPageScreen page={page.content} />;
  }),
  form: kindScreen<'form'>(async () => {
    const [{ FormScreen }, { replayId }] = await Promise.all([
      import('../../features/forms'),
      import('./-form-loader'),
    ]);
    return ({ page, params }) => (
      <FormScreen
        routeName={page.form.route_name}
        declaration={page.form}
        replayId={replayId(params.id_acq_replay, undefined)}
      />
    );
  }),
  table: kindScreen<'table'>(async () => {
    const [{ OfficeTableScreen }, { tablePageText }] = await Promise.all([
      import('../../features/backoffice/office-table-screen'),
      import('./-page-texts'),
    ]);
    return ({ page }) => (
      <OfficeTableScreen
        title={tablePageText(page.title)}
        {...(page.intro ? { intro: tablePageText(page.intro) } : {})}
        table={page.table}
      />
    );
  }),
};

const NO_PARAMS: Readonly<Record<string, string>> = {};

/**
 * A page of the registry on screen: its kind's screen with its path's parameters, keyed by the page and
 * the parameters (a new page, or the same page for another retailer, starts afresh).
 */
export function RegistryPageScreen({
  page,
  params = NO_PARAMS,
}: {
  page: PageDeclaration;
  params?: Readonly<Record<string, string>>;
}) {
  const Screen = screens[page.kind] as KindScreen<PageKind>;
  return <Screen key={`${page.route}:${JSON.stringify(params)}`} page={page as never} params={params} />;
}
