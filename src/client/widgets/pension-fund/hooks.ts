/**
 * The `pension-fund` block's hooks (form-kit/block-hooks.ts; spec 001 §2, §4 "Pension"):
 *
 * - `preload`: the saved fund (the logged user's `user_anag.covip_fondo`, `savedCovipOf`) with its
 *   institute and name;
 * - `initialData`: the form starts from the saved fund (institute and name when the form has them);
 * - `onEnter`: the information acceptance (`previdenza_is_ok`: "Accetta e Continua" / "Annulla" -> menu),
 *   one dialog that also carries the form's information text, so no second modal follows it;
 * - `beforeConfirm`: "Conferma Modifica Fondo" when another fund was chosen; declined, the saved fund
 *   comes back and nothing is sent.
 *
 * The dialogs load with the first question, so a route loader calling `preload` loads no form code.
 */
import { queryKeys } from '../../api/query-options';
import type { LoggedUserInfo } from '../../api/types';
import { ApiError } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { useSessionStore } from '../../stores/session';
import type { FormBlockHooks } from '../../form-kit';
import {
  acceptPensionInformation,
  fetchSavedFund,
  pensionInformationQueryOptions,
  pensionQueryKeys,
  savedCovipOf,
  type SavedPensionFund,
} from './queries';

/** `[istituto] nome`, as the fund search shows a fund (001 §3); the code alone when nothing else is known. */
export function savedFundLabel(fund: { covip?: unknown; istituto?: unknown; nome?: unknown }): string {
  const name = typeof fund.nome === 'string' && fund.nome !== '' ? fund.nome : String(fund.covip ?? '');
  return typeof fund.istituto === 'string' && fund.istituto !== '' ? `[${fund.istituto}] ${name}` : name;
}

const asFund = (value: unknown): SavedPensionFund | null =>
  value !== null && typeof value === 'object' && typeof (value as SavedPensionFund).covip === 'string'
    ? (value as SavedPensionFund)
    : null;

/** Marks the pension information as accepted in the cached user and in the session (sessionStorage). */
function rememberPensionAccepted(user: LoggedUserInfo): LoggedUserInfo {
  return { ...user, user_anag: { ...user.user_anag, previdenza_is_ok: true } };
}

export const pensionFundHooks: FormBlockHooks = {
  preload(userInfo) {
    const covip = savedCovipOf(userInfo);
    if (!covip) return null;
    return {
      queryKey: pensionQueryKeys.fund(covip),
      queryFn: ({ signal }) => fetchSavedFund(covip, signal),
      staleTime: 10 * 60_000,
    };
  },

  initialData({ field, properties, userInfo, preloaded }) {
    const covip = savedCovipOf(userInfo);
    if (!covip) return {};
    const fund = asFund(preloaded);
    const preset: Record<string, unknown> = { [field]: covip };
    if (fund) {
      if ('istituto' in properties) preset.istituto = fund.istituto;
      if ('nome' in properties) preset.nome = fund.nome;
    }
    return preset;
  },

  async onEnter({ queryClient, information, track, cancelled }) {
    // Read, not depended on: accepting rewrites the cached user.
    const userInfo = queryClient.getQueryData<LoggedUserInfo>(queryKeys.userInfo);
    const sessionAccepted = useSessionStore.getState().user?.user_anag.previdenza_is_ok === true;
    if (!userInfo || userInfo.user_anag.previdenza_is_ok || sessionAccepted) return true;

    const accept = async (): Promise<boolean> => {
      try {
        await acceptPensionInformation();
      } catch (error) {
        void showBackendError(error instanceof ApiError ? error.data : error);
        return false;
      }
      queryClient.setQueryData<LoggedUserInfo>(queryKeys.userInfo, (cached) =>
        cached ? rememberPensionAccepted(cached) : cached,
      );
      const session = useSessionStore.getState();
      if (session.user) session.setUser(rememberPensionAccepted(session.user));
      return true;
    };
    const informationUrl = queryClient
      .fetchQuery(pensionInformationQueryOptions())
      .then((answer) => answer.url)
      .catch((error: unknown) => {
        console.warn('Pension information link not loaded', error);
        return null;
      });
    const { askPensionAcceptance } = await import('./dialogs');
    if (cancelled()) return false;
    const { result, dialog } = await askPensionAcceptance(informationUrl, accept, information?.body ?? null);
    track(dialog);
    // The acceptance dialog carried the form's information text: the engine opens no second modal.
    return (await result) && (information ? 'informed' : true);
  },

  async beforeConfirm({ field, properties, values, userInfo, preloaded, setFields, track }) {
    const saved = savedCovipOf(userInfo);
    if (!saved || values[field] === saved) return true;
    const fund = asFund(preloaded);
    const from = fund ? savedFundLabel(fund) : saved;
    const to = savedFundLabel({ covip: values[field], istituto: values.istituto, nome: values.nome });
    const { askFundChange } = await import('./dialogs');
    if (await askFundChange(from, to, track)) return true;
    const restore: Record<string, unknown> = { [field]: saved };
    if ('istituto' in properties) restore.istituto = fund?.istituto ?? null;
    if ('nome' in properties) restore.nome = fund?.nome ?? null;
    setFields(restore);
    return false;
  },
};
