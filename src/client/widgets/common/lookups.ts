/**
 * The lookups of the form widgets (spec 001 §7, wire contract of issue 5): answer types and calls,
 * all through the portal's one HTTP client. Search failures are only logged (001 §8): the react-query
 * client logs failed queries, and the widgets show no suggestions.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { screenConstants } from '../../../../config/screen-constants';
import type {
  BeneficiarioSuggerito,
  FondoPrevidenza,
  Fornitore,
  IbanUtente,
  RelazioneParentale,
} from '../../../../schemas/wire-types.gen';

/** `GET /api/beneficiari/{prefix}`: the user's beneficiaries whose tax code starts with the prefix. */
export type BeneficiarySuggestion = Readonly<BeneficiarioSuggerito>;

/** `GET /api/relazioni_parentali`. */
export type KinshipRelation = Readonly<RelazioneParentale>;

/** `GET /api/fornitori?p_iva=<prefix>&limit=10`. */
export type SupplierSuggestion = Readonly<Fornitore>;

/** `GET /api/fondi_previdenza?term=&limit=10`. */
export type PensionFund = Readonly<FondoPrevidenza>;

/** `GET /api/iban_utente/{prefix}?limit=10`. */
export type UserIban = Readonly<IbanUtente>;

const limit = screenConstants.supplierSuggestionLimit;

export const lookups = {
  beneficiaries: (prefix: string, signal?: AbortSignal) =>
    apiRequest<BeneficiarySuggestion[]>(`/beneficiari/${encodeURIComponent(prefix)}`, { signal }),
  relations: (signal?: AbortSignal) => apiRequest<KinshipRelation[]>('/relazioni_parentali', { signal }),
  suppliers: (prefix: string, signal?: AbortSignal) =>
    apiRequest<SupplierSuggestion[]>('/fornitori', { query: { p_iva: prefix, limit }, signal }),
  funds: (term: string, signal?: AbortSignal) =>
    apiRequest<PensionFund[]>('/fondi_previdenza', { query: { term, limit }, signal }),
  ibans: (prefix: string, signal?: AbortSignal) =>
    apiRequest<UserIban[]>(`/iban_utente/${encodeURIComponent(prefix)}`, { query: { limit }, signal }),
};

/** React-query keys of the lookups (one prefix, so a logout's cache purge takes them all). */
export const lookupKeys = {
  all: ['form-lookups'] as const,
  relations: ['form-lookups', 'relations'] as const,
  search: (kind: string, term: string) => ['form-lookups', kind, term] as const,
};

/** `GET /api/relazioni_parentali`: the kinship relations (they do not change during a session). */
export const relationsQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.relations,
    queryFn: ({ signal }) => lookups.relations(signal),
    staleTime: Infinity,
  });

/** The saved pension fund with its name: a search by its COVIP code, keeping the exact match. */
export const savedFundQueryOptions = (covip: string | null) =>
  queryOptions({
    queryKey: lookupKeys.search('fund-by-covip', covip ?? ''),
    queryFn: ({ signal }) => lookups.funds(covip ?? '', signal),
    enabled: Boolean(covip),
    staleTime: Infinity,
    select: (funds) => funds.find((fund) => fund.covip === covip),
  });
