/**
 * `beneficiary` (ui:field on `me_stesso`, spec 001 §3-6): who the request is for.
 *
 * - "Me stesso" or "Familiare". A category with `me_stesso` true allows only the user: the family
 *   choice is disabled and, should the data say otherwise (a replay, a category chosen first), the
 *   block switches to the user.
 * - Switching to the user clears tax code, name and relation and drops the family document (001 §4).
 * - Family member: the tax code (upper-cased, at most 16 characters, checked with its check letter)
 *   with the user's known beneficiaries offered from 2 characters (`GET /api/beneficiari/{prefix}`);
 *   choosing one, or typing a complete code that matches exactly one, fills name and relation. A
 *   complete code with several matches gives "Impossibile trovare il beneficiario indicato.". The
 *   relation offers only the ids of `allowedRelationIds` (2, 3, 4, 8).
 *
 * The block writes the four top-level fields through the engine (`setFields`) and shows the errors
 * the engine reports for each of them. Typed text is local state and reaches the form in a transition.
 */
import { Fieldset, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FieldProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { memo, startTransition, useEffect, useMemo } from 'react';
import { allowedRelationIds } from '../../../../config/forms';
import { screenConstants } from '../../../../config/screen-constants';
import { formMessages } from '../../../../config/messages-forms.it';
import { engineContext } from '../../form-kit';
import { isValidTaxCode } from '../../../shared/validators/codice-fiscale';
import { switchToMyself } from '../common/beneficiary-data';
import { CodeLookup } from '../common/code-lookup';
import { BlockErrors, errorNode, mergeErrors } from '../common/field-errors';
import {
  lookups,
  relationsQueryOptions,
  type BeneficiarySuggestion,
  type KinshipRelation,
} from '../common/lookups';
import { useEchoedText } from '../common/use-echoed-text';
import { useLatestCallback } from '../common/use-latest';

const MYSELF = 'myself';
const FAMILY = 'family';

/** What the tax-code input keeps: letters and digits only, upper-cased, at most 16. */
export function typedTaxCode(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, screenConstants.taxCodeLength);
}

function isAllowedRelation(id: number | null | undefined): id is number {
  return typeof id === 'number' && (allowedRelationIds as readonly number[]).includes(id);
}

const searchBeneficiaries = (prefix: string, signal: AbortSignal) => lookups.beneficiaries(prefix, signal);
const taxCodeOf = (item: BeneficiarySuggestion) => item.cod_fisc;

function useRelations(): readonly KinshipRelation[] {
  const query = useQuery(relationsQueryOptions());
  return query.data ?? [];
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function BeneficiaryField(props: FieldProps) {
  const context = engineContext(props);
  const { formData: data, errorsFor, categories, submitting } = context;
  const category = categories.find((entry) => entry.id === data.id_categ);
  const forced = category?.me_stesso === true;

  // A category that allows only the user wins over data that says otherwise.
  const forceMyself = useLatestCallback(() => switchToMyself(context));
  const familyChosen = props.formData === false;
  useEffect(() => {
    if (forced && familyChosen) forceMyself();
  }, [forced, familyChosen, forceMyself]);

  const write = useLatestCallback((patch: Record<string, unknown>) => context.setFields(patch));
  const relation = data.id_relazione_ben;

  // The block takes only primitives and stable callbacks: typing elsewhere in the form does not re-render it.
  return (
    <BeneficiaryBlock
      id={props.fieldPathId.$id}
      meStesso={props.formData !== false}
      forced={forced}
      disabled={Boolean(props.disabled || props.readonly || submitting)}
      taxCodeValue={stringOf(data.cod_fisc_ben)}
      nameValue={stringOf(data.nome_ben)}
      relation={typeof relation === 'number' ? relation : undefined}
      nameMaxLength={nameMaxLength(props)}
      blockErrors={joined(mergeErrors(props.rawErrors, errorsFor('me_stesso')))}
      taxCodeErrors={joined(errorsFor('cod_fisc_ben'))}
      nameErrors={joined(errorsFor('nome_ben'))}
      relationErrors={joined(errorsFor('id_relazione_ben'))}
      write={write}
      toMyself={forceMyself}
    />
  );
}

/** Messages as one string (a memoized block compares strings, not new arrays). */
function joined(messages: readonly string[]): string {
  return messages.join(' ');
}

interface BeneficiaryBlockProps {
  id: string;
  meStesso: boolean;
  forced: boolean;
  disabled: boolean;
  taxCodeValue: string;
  nameValue: string;
  relation: number | undefined;
  nameMaxLength: number | undefined;
  blockErrors: string;
  taxCodeErrors: string;
  nameErrors: string;
  relationErrors: string;
  write: (patch: Record<string, unknown>) => void;
  toMyself: () => void;
}

const BeneficiaryBlock = memo(function BeneficiaryBlock({
  id,
  meStesso,
  forced,
  disabled,
  taxCodeValue,
  nameValue,
  relation,
  nameMaxLength: maxName,
  blockErrors: blockErrorText,
  taxCodeErrors: taxCodeErrorText,
  nameErrors,
  relationErrors,
  write,
  toMyself,
}: BeneficiaryBlockProps) {
  const relations = useRelations();
  const relationName = useMemo(
    () => new Map(relations.map((relation) => [relation.id, relation.nome])),
    [relations],
  );
  const relationOptions = useMemo(
    () =>
      relations
        .filter((relation) => isAllowedRelation(relation.id))
        .map((relation) => ({ value: String(relation.id), label: relation.nome })),
    [relations],
  );

  const [name, setName] = useEchoedText(nameValue);

  // The name input adopts what is written here (it is not its own typing), so only the form is written.
  const fill = (suggestion: BeneficiarySuggestion) =>
    write({
      cod_fisc_ben: suggestion.cod_fisc,
      nome_ben: suggestion.nome,
      id_relazione_ben: isAllowedRelation(suggestion.id_relazione) ? suggestion.id_relazione : undefined,
    });

  // A complete code that matches exactly one known beneficiary fills name and relation, once per code:
  // later edits of name and relation are the user's.
  const fillIfChanged = (single: BeneficiarySuggestion) => {
    if (nameValue !== single.nome || relation !== single.id_relazione) fill(single);
  };
  const describe = (item: BeneficiarySuggestion) =>
    [item.nome, item.id_relazione != null ? relationName.get(item.id_relazione) : undefined]
      .filter(Boolean)
      .join(' · ');

  const blockErrors = mergeErrors(blockErrorText ? [blockErrorText] : []);
  const showForcedNote = forced && !blockErrorText.includes(formMessages.formBeneficiaryForcedMyself);

  const chooseMode = (mode: string) => {
    if (mode === MYSELF) toMyself();
    else if (!forced) write({ me_stesso: false });
  };

  return (
    <Fieldset legend={formMessages.formBeneficiaryTitle} variant="unstyled" p={0} disabled={disabled}>
      <Stack gap="sm">
        <SegmentedControl
          name={id}
          value={meStesso ? MYSELF : FAMILY}
          onChange={chooseMode}
          data={[
            { value: MYSELF, label: formMessages.formBeneficiaryMyself },
            { value: FAMILY, label: formMessages.formBeneficiaryFamily, disabled: forced },
          ]}
          disabled={disabled}
          fullWidth
          maw={420}
        />
        {showForcedNote && <Text size="sm">{formMessages.formBeneficiaryForcedMyself}</Text>}
        <BlockErrors messages={blockErrors} />
        {!meStesso && (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <CodeLookup
              id={`${id}-cod_fisc_ben`}
              label={formMessages.formBeneficiaryTaxCode}
              required
              value={taxCodeValue}
              length={screenConstants.taxCodeLength}
              typed={typedTaxCode}
              onCode={(code) => write({ cod_fisc_ben: code === '' ? undefined : code })}
              kind="beneficiaries"
              search={searchBeneficiaries}
              codeOf={taxCodeOf}
              describe={describe}
              isValid={isValidTaxCode}
              validLabel={formMessages.formTaxCodeValid}
              invalidMessage={formMessages.formTaxCodeInvalid}
              notFoundMessage={formMessages.formBeneficiaryNotFound}
              errors={taxCodeErrorText ? [taxCodeErrorText] : []}
              onChoose={fill}
              onSingle={fillIfChanged}
              autoCapitalize="characters"
              spellCheck={false}
            />
            <TextInput
              id={`${id}-nome_ben`}
              label={formMessages.formBeneficiaryName}
              required
              value={name}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setName(next);
                startTransition(() => write({ nome_ben: next === '' ? undefined : next }));
              }}
              maxLength={maxName}
              autoComplete="off"
              error={errorNode(nameErrors ? [nameErrors] : [])}
            />
            <Select
              id={`${id}-id_relazione_ben`}
              label={formMessages.formBeneficiaryRelation}
              required
              data={relationOptions}
              value={isAllowedRelation(relation) ? String(relation) : null}
              onChange={(next) => write({ id_relazione_ben: next === null ? undefined : Number(next) })}
              allowDeselect={false}
              error={errorNode(relationErrors ? [relationErrors] : [])}
              comboboxProps={{ withinPortal: false }}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
});

/** The name's maximum length from the payload schema (`nome_ben.maxLength`). */
function nameMaxLength(props: FieldProps): number | undefined {
  const schema = props.registry.rootSchema.properties?.nome_ben;
  return typeof schema === 'object' && typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
}
