/**
 * The app voucher pages (001 §2, §5): conv-toduba, conv-appaga and conv-ollipay. Each picks an amount
 * among those its call offers (the denominations at or below art. 51 c.3) and buys it with its purchase
 * (config/purchases/showcases.ts); appaga's send button is always disabled; ollipay is a purchase page
 * for the `wfm` profile (Welfare Di Marca), otherwise an information page with the app's links. The
 * app's store pages are installation content (`npm run admin -- content`, GET static_links/app), not
 * declared here: they differ per installation.
 */
import type { MessageKey } from '../messages-account.it';
import type { FormMessageKey } from '../messages-forms.it';
import type { RouteName } from '../routes';

export interface AppVoucherPage {
  readonly route_name: RouteName;
  /** The purchase (config/purchases). */
  readonly purchase: string;
  /** `GET /api{call}`: `buoni_disp` (toduba, appaga) or the ollipay status (`profile`, `vouchers`). */
  readonly call: string;
  readonly offerField: 'buoni_disp' | 'vouchers';
  /** The page's title, a key of the account catalogue (the menu shows the same title). */
  readonly title: MessageKey;
  readonly intro: FormMessageKey;
  /** Only this profile buys; any other sees `info` and the app links (ollipay). */
  readonly purchaseProfile?: {
    readonly profile: string;
    readonly title: MessageKey;
    readonly info: FormMessageKey;
  };
  /** The send button stays disabled, with this note (appaga). */
  readonly disabledNote?: FormMessageKey;
}

export const appVoucherPages = [
  {
    route_name: 'conv-toduba',
    purchase: 'buono-toduba',
    call: '/toduba_buoni',
    offerField: 'buoni_disp',
    title: 'titleToduba',
    intro: 'formTodubaIntro',
  },
  {
    route_name: 'conv-appaga',
    purchase: 'buono-appaga',
    call: '/appaga_buoni',
    offerField: 'buoni_disp',
    title: 'titleAppaga',
    intro: 'formAppagaIntro',
    disabledNote: 'formAppagaUnavailable',
  },
  {
    route_name: 'conv-ollipay',
    purchase: 'buono-ollipay',
    call: '/ollipay_status',
    offerField: 'vouchers',
    title: 'titleOllipay',
    intro: 'formOllipayIntro',
    purchaseProfile: { profile: 'wfm', title: 'titleWfm', info: 'formOllipayInfo' },
  },
] as const satisfies readonly AppVoucherPage[];

export function findAppVoucherPage(routeName: string): AppVoucherPage | undefined {
  return appVoucherPages.find((page) => page.route_name === routeName);
}
