/**
 * The referent's company switcher (spec 000 §6): the own company plus the managed ones
 * (`GET /api/aziende_referente`), and the choice of the company acted for (`session_infos.act_for`,
 * the company each back-office query asks for).
 * Shared by the referent home and the company movements.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { referentCompaniesQueryOptions } from '../api/query-options';
import type { ReferentCompany } from '../api/types';
import { useSessionStore } from '../stores/session';

/** The referent's own company first, then the managed ones, without duplicates. */
export function companyOptions(own: { id: number; nome: string } | null, managed: ReferentCompany[] = []) {
  const options = new Map<string, string>();
  if (own) options.set(String(own.id), own.nome);
  for (const company of managed) {
    const key = String(company.id_azienda);
    if (!options.has(key)) options.set(key, company.nome);
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

export function useCompanySwitcher() {
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.user);
  const actFor = useSessionStore((state) => state.sessionInfos.act_for);
  const setActFor = useSessionStore((state) => state.setActFor);
  const companies = useQuery(referentCompaniesQueryOptions(actFor?.id ?? null));
  const own = user ? { id: user.user_azi.id, nome: user.user_azi.nome } : null;
  const options = companyOptions(own, companies.data);

  const choose = (value: string | null) => {
    const option = options.find((item) => item.value === value);
    if (!option || Number(option.value) === actFor?.id) return;
    // Back-office answers belong to the company acted for: they are marked stale, so that a view
    // showing a company asks again. Nothing is refetched now: the views on screen are keyed by the
    // company and start their own calls for the new one; a refetch here would repeat them (and send
    // the old company's queries with the new Act-For).
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === 'backoffice',
      refetchType: 'none',
    });
    setActFor({ id: Number(option.value), nome: option.label });
  };

  return { actFor, companies, options, choose };
}
