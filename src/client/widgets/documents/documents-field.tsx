/**
 * The `documents` field (ui:field on `docs`, 001 §9): one card per upload slot of the declaration
 * whose `visibleWhen` holds. The engine keeps which document each slot holds (`slotDocuments`);
 * `docs` is the list of the visible slots' document ids, in slot order. A slot that becomes hidden
 * (e.g. the beneficiary turns back to "me stesso") loses its document.
 *
 * A slot declared `after` a field is not drawn here but by `AnchoredSlots`, which the form's object
 * template places right after that field (the family document after the beneficiary block); such a
 * slot takes the keyboard focus when it appears, so the user sees what the choice just asked for.
 */
import { Alert, Stack, Text } from '@mantine/core';
import type { FieldProps } from '@rjsf/utils';
import { memo, useEffect, useRef, type RefObject } from 'react';
import type { UploadSlot } from '../../../../config/forms/types';
import { isSlotRequired, isSlotVisible } from '../../../shared/forms/conditions';
import { slotsOf } from '../../../shared/forms/kinds';
import { engineContext, type FormEngineContext, type SlotDocument } from '../../form-kit';
import { UploadSlotCard } from './upload-slot-card';

type SlotDocuments = Readonly<Record<string, SlotDocument | undefined>>;

/** `docs`: the document ids of the visible slots, in slot order. */
export function documentIds(visible: readonly UploadSlot[], documents: SlotDocuments): number[] {
  return visible.flatMap((slot) => {
    const document = documents[slot.name];
    return document ? [document.doc_id] : [];
  });
}

export function DocumentsField(props: FieldProps) {
  const context = engineContext(props);
  const { declaration, formData, slotDocuments, setSlotDocument } = context;
  const slots = slotsOf(declaration);
  const visible = slots.filter((slot) => isSlotVisible(slot, formData));
  const errors = context.errorsFor('docs');
  const disabled = context.submitting || Boolean(props.disabled) || Boolean(props.readonly);
  const { onChange, fieldPathId } = props;

  // Hidden slots still holding a document, as a stable key for the effect below.
  const hiddenHolding = slots
    .filter((slot) => slotDocuments[slot.name] && !isSlotVisible(slot, formData))
    .map((slot) => slot.name)
    .join(' ');

  useEffect(() => {
    if (hiddenHolding === '') return;
    const dropped = hiddenHolding.split(' ');
    for (const name of dropped) setSlotDocument(name, undefined);
    const remaining = { ...slotDocuments };
    for (const name of dropped) delete remaining[name];
    onChange(documentIds(visible, remaining), fieldPathId.path);
    // Runs when the set of hidden slots holding a document changes; the rest is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hiddenHolding]);

  // An upload ends after other renders (another slot may have been filled meanwhile): read the latest.
  const latest = useRef({ visible, slotDocuments });
  useEffect(() => {
    latest.current = { visible, slotDocuments };
  });

  const update = (slot: UploadSlot, document: SlotDocument | undefined) => {
    setSlotDocument(slot.name, document);
    const now = latest.current;
    onChange(documentIds(now.visible, { ...now.slotDocuments, [slot.name]: document }), fieldPathId.path);
  };

  return (
    <Stack gap="md" w="100%">
      {errors.length > 0 && (
        <Alert color="red" role="alert" p="sm">
          <Stack gap={4}>
            {errors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <SlotCards
        slots={visible.filter((slot) => slot.after === undefined)}
        context={context}
        disabled={disabled}
        onDocument={update}
      />
    </Stack>
  );
}

/** The cards of `slots` (all visible); `appeared`: a card mounted once it is true takes the focus. */
function SlotCards({
  slots,
  context,
  disabled,
  onDocument,
  appeared,
}: {
  slots: readonly UploadSlot[];
  context: FormEngineContext;
  disabled: boolean;
  onDocument: (slot: UploadSlot, document: SlotDocument | undefined) => void;
  appeared?: RefObject<boolean>;
}) {
  const { formData, slotDocuments } = context;
  const docsErrors = context.errorsFor('docs');
  return slots.map((slot) => {
    const required = isSlotRequired(slot, formData);
    const document = slotDocuments[slot.name];
    const slotErrors = context.errorsFor(slot.name);
    return (
      <UploadSlotCard
        key={slot.name}
        slot={slot}
        document={document}
        required={required}
        errors={slotErrors}
        invalid={(docsErrors.length > 0 && required && !document) || slotErrors.length > 0}
        disabled={disabled}
        onDocument={(next) => onDocument(slot, next)}
        focusOnMount={appeared}
        pick={context.slotPick(slot.name)}
        onPick={(next) => context.setSlotPick(slot.name, next)}
        offline={!context.online}
      />
    );
  });
}

/**
 * The visible slots declared `after` the top-level field `field`, drawn right after it by the engine's
 * object template (this is the registry's `afterField`, index.ts). A slot that appears after the form
 * was drawn (the user chose "Familiare") takes the focus and is scrolled into view; one shown from the
 * start (a replay) does not. Their documents go to the engine, which derives `docs` from every visible slot.
 */
export function AnchoredSlots({ field, registry }: { field: string; registry: { formContext?: unknown } }) {
  // The object template draws this on every keystroke: what it shows changes only with the context
  // (the fields slots depend on, their documents, the errors), so the cards re-render only then.
  return <AnchoredSlotCards field={field} context={engineContext({ registry })} />;
}

const AnchoredSlotCards = memo(function AnchoredSlotCards({
  field,
  context,
}: {
  field: string;
  context: FormEngineContext;
}) {
  const anchored = slotsOf(context.declaration).filter((slot) => slot.after === field);
  const visible = anchored.filter((slot) => isSlotVisible(slot, context.formData));
  // Cards mount before this effect runs: those of the first drawing find it false, later ones true.
  const appeared = useRef(false);
  useEffect(() => {
    appeared.current = true;
  }, []);
  if (anchored.length === 0) return null;
  return (
    <Stack gap="md" w="100%" mt={visible.length > 0 ? 'lg' : undefined} data-slots-after={field}>
      <SlotCards
        slots={visible}
        context={context}
        disabled={context.submitting}
        onDocument={(slot, document) => context.setSlotDocument(slot.name, document)}
        appeared={appeared}
      />
    </Stack>
  );
});

/** Whether the declaration of `context` draws slots after the top-level field `field`. */
export function hasAnchoredSlots(registry: { formContext?: unknown }, field: string): boolean {
  const context = registry.formContext as FormEngineContext | undefined;
  return context ? slotsOf(context.declaration).some((slot) => slot.after === field) : false;
}
