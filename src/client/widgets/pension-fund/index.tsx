/**
 * `pension-fund` (ui:field on the pension `covip`, spec 001 §2, §3, §4 "Pension", §5):
 *
 * - the fund search offers, from 2 characters, the funds matching name, institute or COVIP code
 *   (`GET /api/fondi_previdenza?term=&limit=10`), shown as `[institute] name`; choosing one writes
 *   `covip`, `istituto` and `nome` (the last two are display-only: the engine drops them from the payload);
 * - institute, name and COVIP code of the chosen fund are shown read-only;
 * - the form starts from the user's saved fund (`user_anag.covip_fondo` of the logged user, read here
 *   from the user's query, which the form has loaded: the engine's context carries no fund), whose name
 *   is found by searching its COVIP code; when another fund is chosen, a warning offers "Annulla
 *   modifica", which restores the saved fund. The block's hooks (hooks.ts) add the information acceptance on entry and the
 *   "Conferma Modifica Fondo" question on submit.
 */
import {
  Alert,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { FieldProps } from '@rjsf/utils';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { userInfoQueryOptions } from '../../api/query-options';
import { engineContext, type FormEngineContext } from '../../form-kit';
import { errorNode, mergeErrors } from '../common/field-errors';
import { lookups, savedFundQueryOptions, type PensionFund } from '../common/lookups';
import { useLatestCallback } from '../common/use-latest';
import { useSuggestions } from '../common/use-suggestions';
import { savedCovipOf } from './queries';

/** How a fund is listed (001 §3): `[institute] name`. */
export function fundLabel(fund: PensionFund): string {
  return `[${fund.istituto}] ${fund.nome}`;
}

const searchFunds = (term: string, signal: AbortSignal) => lookups.funds(term, signal);

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The saved fund with its name: a search by its COVIP code, keeping the exact match. */
function useSavedFund(covip: string | null): PensionFund | undefined {
  const query = useQuery(savedFundQueryOptions(covip));
  return query.data;
}

function writeFund(
  context: FormEngineContext,
  field: string,
  fund: Partial<PensionFund> & { covip: string },
) {
  context.setFields({ [field]: fund.covip, istituto: fund.istituto, nome: fund.nome });
}

export function PensionFundField(props: FieldProps) {
  const context = engineContext(props);
  const { formData: data, errorsFor, submitting } = context;
  const field = props.name;
  const id = props.fieldPathId.$id;
  const covip = stringOf(props.formData);
  // The logged user the form has loaded: read from the cache (the block asks for it only if it is missing).
  const savedCovip = savedCovipOf(useQuery({ ...userInfoQueryOptions(), staleTime: Infinity }).data);
  const savedFund = useSavedFund(savedCovip);
  const disabled = Boolean(props.disabled || props.readonly || submitting);

  // Start from the saved fund; its institute and name follow as soon as the search finds them.
  const startFromSaved = useLatestCallback(() => {
    if (!savedCovip) return;
    if (covip === '') writeFund(context, field, savedFund ?? { covip: savedCovip });
    else if (
      covip === savedCovip &&
      savedFund &&
      (data.nome !== savedFund.nome || data.istituto !== savedFund.istituto)
    )
      writeFund(context, field, savedFund);
  });
  useEffect(() => {
    startFromSaved();
  }, [savedCovip, savedFund, startFromSaved]);

  const [search, setSearch] = useState('');
  const suggestions = useSuggestions<PensionFund>('funds', search, searchFunds);
  const byLabel = useMemo(() => {
    const map = new Map<string, PensionFund>();
    for (const fund of suggestions.items) if (!map.has(fundLabel(fund))) map.set(fundLabel(fund), fund);
    return map;
  }, [suggestions.items]);
  const options = useMemo(() => [...byLabel.keys()], [byLabel]);

  const changed = savedCovip !== null && covip !== '' && covip !== savedCovip;
  const cancelChange = () => {
    setSearch('');
    if (savedCovip) writeFund(context, field, savedFund ?? { covip: savedCovip });
  };

  const errors = mergeErrors(props.rawErrors, errorsFor(field));

  return (
    <Fieldset legend={props.schema.title} variant="unstyled" p={0} disabled={disabled}>
      <Stack gap="sm">
        <Autocomplete
          id={id}
          label={formMessages.formFundSearch}
          placeholder={formMessages.formFundSearchPlaceholder}
          value={search}
          data={options}
          onChange={setSearch}
          onOptionSubmit={(label) => {
            const fund = byLabel.get(label);
            if (fund) writeFund(context, field, fund);
          }}
          // The server already matched name, institute and code: every answer is shown.
          filter={({ options: all }) => all}
          autoComplete="off"
          error={errorNode(errors)}
          comboboxProps={{ withinPortal: false }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {(
            [
              ['istituto', formMessages.formFundInstitute, stringOf(data.istituto)],
              ['nome', formMessages.formFundName, stringOf(data.nome)],
              ['covip', formMessages.formFundCovipCode, covip],
            ] as const
          ).map(([key, label, value]) => (
            <TextInput key={key} id={`${id}-${key}`} label={label} value={value} readOnly variant="filled" />
          ))}
        </SimpleGrid>
        {changed && (
          <Alert
            color="yellow"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle aria-hidden="true" />}
            data-testid="fund-changed"
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{formMessages.formFundChanged}</Text>
              <Button size="xs" variant="default" onClick={cancelChange}>
                {formMessages.formFundCancelChange}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}
