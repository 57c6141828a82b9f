/**
 * The form engine (ARCHITECTURE.md §4): renders a declaration of config/forms (request form) or
 * config/plain-forms (plain form) with rjsf and runs the submission flow they share (spec 001 §4
 * "Submission", 000 §8):
 *
 * local checks (the payload schema's precompiled validator with the uiSchema's error texts, and for a
 * request form the shared rules) -> errors under their fields, focus on the first, an alert -> the
 * `beforeConfirm` hooks of the blocks the uiSchema names (block-hooks.ts) -> then
 * - a request form: "Riepilogo operazione" -> overlay -> `POST /api/crea_richiesta/{route}` with its
 *   `Idempotency-Key` -> "Richiesta inviata" -> menu, all by the purchase engine (engine/purchase),
 *   which keeps one key per payload;
 * - a plain form: overlay -> its declared call (JSON, multipart or no body) -> its success dialog or
 *   toast -> what it declares next (no credit, no summary);
 * a failure closes the overlay and opens the backend error box.
 *
 * The widgets and fields come from the registry the engine receives (form-kit `FormWidgets`), loaded with
 * the form's validator by the screen (form-code.ts: only those the uiSchema names); they get the
 * engine through rjsf's `formContext` (form-kit/form-context.ts).
 */
import { Alert, Box, Button, List, Stack, Text } from '@mantine/core';
import type { IChangeEvent } from '@rjsf/core';
import type { Experimental_DefaultFormStateBehavior, UiSchema } from '@rjsf/utils';
import { deepEquals, getDefaultFormState } from '@rjsf/utils';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PlainFormDeclaration } from '../../../../config/forms/types';
import { formMessages } from '../../../../config/messages-forms.it';
import { ApiError } from '../../api/client';
import { showBackendError } from '../../components/backend-error-box';
import { useOnlineStatus } from '../../components/use-online-status';
import { messages } from '../../../shared/catalogues/first-paint';
import {
  isRequestForm,
  isSlotVisible,
  romeToday,
  runFormRules,
  slotsOf,
  toMultipartFields,
  toPayload,
  type AnyFormDeclaration,
} from '../../../shared/forms';
import { parseCents } from '../../../shared/money';
import { PurchaseOverlay, usePurchaseFlow } from '../purchase';
import type { FormCategory, FormEngineContext, FormWidgets, SlotDocument, SlotPick } from '../../form-kit';
import type { LoggedUser } from '../../../../schemas/wire-types.gen';
import type { NamedBlock } from './block-hooks';
import { showPlainSuccess, type OpenDialog } from './form-dialogs';
import type { FormCode } from './form-code';
import type { DraftSnapshot } from './form-draft';
import {
  collectFieldErrors,
  hasFieldErrors,
  italianErrorTransformer,
  italianTranslateString,
  mergeFieldErrors,
  toErrorSchema,
  withoutFieldErrors,
  type FieldErrors,
} from './form-errors';
import { plainFormFingerprint, sendPlainForm } from './form-queries';
import { FIELD_ATTRIBUTE, ThemedForm, formTemplates } from './form-theme';
import type { CompiledFormSchema, FormValues } from './validators';
import { withWireAmounts } from './wire-amounts';

const NO_BLOCKS: readonly NamedBlock[] = [];
const NO_PRELOADED: Readonly<Record<string, unknown>> = {};

/**
 * Defaults of the schema apply, with two exceptions: an array's `minItems` never creates empty items
 * (`mesi_sel`), and a `const` is a rule, not a default (a consent such as `prev_ok: const true` must
 * start unticked: the user ticks it).
 */
export const DEFAULT_FORM_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  constAsDefaults: 'never',
};

/** The data a form starts from: the schema's defaults under `initial`. */
export function initialFormData(compiled: CompiledFormSchema, initial: FormValues): FormValues {
  return getDefaultFormState<FormValues>(
    compiled.validator,
    compiled.schema,
    initial,
    compiled.schema,
    false,
    DEFAULT_FORM_STATE_BEHAVIOR,
  ) as FormValues;
}

/** The documents of the slots shown for `data`, in slot order. */
export function visibleSlotDocuments(
  declaration: AnyFormDeclaration,
  data: FormValues,
  slotDocuments: Readonly<Record<string, SlotDocument | undefined>>,
): SlotDocument[] {
  return slotsOf(declaration)
    .filter((slot) => isSlotVisible(slot, data))
    .map((slot) => slotDocuments[slot.name])
    .filter((document): document is SlotDocument => document !== undefined);
}

/** Top-level keys whose value differs between `before` and `after`. */
function changedKeys(before: FormValues, after: FormValues): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((key) => !deepEquals(before[key], after[key]));
}

/**
 * The context handed to rjsf. rjsf compares its props deeply and treats every function as equal, so a
 * new `errorsFor` alone would not reach the widgets: the errors themselves travel along as data.
 */
interface EngineContextValue extends FormEngineContext {
  readonly errors: FieldErrors;
  /** The values of `watchedFields`: when one changes, every field and block renders again. */
  readonly watchedData: FormValues;
}

/**
 * The fields whose change must reach every widget and block through the context. rjsf renders a
 * field again when its props differ deeply, and the context is one of them: if the whole form data
 * were in it, a keystroke in the notes would render every field of the form. So the context's
 * `formData` is not enumerable (rjsf's comparison skips it) and only these fields travel as data:
 * everything a block renders (`ui:field`: the blocks and the fields they consume), every field an
 * upload slot's condition names, and every field that is not free text. Free text (a plain string
 * input, textarea, amount, IBAN, date) changes only its own field, which rjsf renders anyway.
 */
export function watchedFields(
  declaration: AnyFormDeclaration,
  schema: CompiledFormSchema['schema'],
): string[] {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown }>;
  const ui = declaration.uiSchema as Record<string, Record<string, unknown> | undefined>;
  const conditionFields = new Set<string>();
  for (const slot of slotsOf(declaration)) {
    if (slot.visibleWhen) conditionFields.add(slot.visibleWhen.field.split('.')[0] ?? '');
    if (typeof slot.required === 'object') conditionFields.add(slot.required.field.split('.')[0] ?? '');
  }
  const freeTextWidgets = new Set([undefined, 'text', 'textarea', 'amount', 'iban', 'date']);
  return Object.keys(properties).filter((key) => {
    const entry = ui[key];
    if (entry?.['ui:field'] !== undefined || conditionFields.has(key)) return true;
    const property = properties[key] ?? {};
    // `type: "string"` or `["string", "null"]` (optional text sent as null), without a list of values.
    const types = Array.isArray(property.type) ? (property.type as unknown[]) : [property.type];
    const isString =
      types.includes('string') &&
      types.every((type) => type === 'string' || type === 'null') &&
      property.enum === undefined;
    return !(isString && freeTextWidgets.has(entry?.['ui:widget'] as string | undefined));
  });
}

/** The body of a plain form's call: JSON, multipart (text parts, then the files of `attachment` fields) or none. */
export function plainFormBody(
  form: PlainFormDeclaration,
  payload: Record<string, unknown>,
  files: Readonly<Record<string, readonly File[] | undefined>>,
): Record<string, unknown> | FormData | undefined {
  if (form.submit.encoding === 'none') return undefined;
  if (form.submit.encoding === 'json') return payload;
  const body = new FormData();
  // An attachment field's payload value is the names of its files: the files themselves are sent.
  const withFiles = new Set(Object.keys(files).filter((field) => field in payload));
  for (const [key, text] of toMultipartFields(payload)) if (!withFiles.has(key)) body.append(key, text);
  for (const field of withFiles) for (const file of files[field] ?? []) body.append(field, file, file.name);
  return body;
}

export interface FormEngineProps {
  readonly declaration: AnyFormDeclaration;
  /** The form's schema and validator and the widgets and fields it names, loaded (form-code.ts). */
  readonly code: FormCode;
  /** Replayed or preset values (the schema's defaults are added underneath). */
  readonly initialData: FormValues;
  readonly creditCents: number;
  readonly categories: readonly FormCategory[];
  readonly user: FormEngineContext['user'];
  /** The logged user's answer, handed to the blocks' hooks as it is (form-kit `BlockEnv.userInfo`). */
  readonly userInfo: LoggedUser;
  /** The registry of named widgets, fields and block hooks (form-kit `FormWidgets`): its `afterField`. */
  readonly widgets: FormWidgets;
  /** The blocks with hooks that the uiSchema names, and what their `preload` answered (by field). */
  readonly blocks?: readonly NamedBlock[];
  readonly preloaded?: Readonly<Record<string, unknown>>;
  /**
   * After success: a request form's after the success dialog's Ok (refresh the credit, go to the menu);
   * a plain form's after its dialog or toast (its `success.then`).
   */
  /** After success; a plain form passes its call's answer (e.g. the support ticket's number). */
  readonly onCompleted: (answer?: unknown) => void;
  /** A draft the user chose to restore (form-draft.tsx): the engine starts from it, not from `initialData`. */
  readonly restored?: DraftSnapshot | null;
  /** What the user typed and chose, after each change made once the user has touched the form (the draft). */
  readonly onDraft?: (snapshot: DraftSnapshot) => void;
  /** A request form's request was accepted by the server (before its success dialog). */
  readonly onSent?: () => void;
}

export function FormEngine(props: FormEngineProps) {
  const { declaration, code, creditCents, categories, user, userInfo, widgets, onCompleted } = props;
  const { compiled } = code;
  const blocks = props.blocks ?? NO_BLOCKS;
  const preloaded = props.preloaded ?? NO_PRELOADED;
  const { restored, onDraft, onSent } = props;
  const [formData, setFormData] = useState<FormValues>(() =>
    initialFormData(compiled, restored ? restored.values : props.initialData),
  );
  const [slotDocuments, setSlotDocuments] = useState<Record<string, SlotDocument | undefined>>(() => ({
    ...restored?.slotDocuments,
  }));
  const [files, setFileList] = useState<Record<string, readonly File[] | undefined>>(() => ({
    ...restored?.files,
  }));
  /** What the upload slots hold before «Carica» (kept in the draft; a slot reads it back when it mounts). */
  const [slotPicks, setSlotPicks] = useState<Record<string, SlotPick | undefined>>(() => ({
    ...restored?.slotPicks,
  }));
  const latestPicks = useRef(slotPicks);
  /** Offline the form stays usable; nothing is sent until the device is back online. */
  const online = useOnlineStatus();
  const offlineNoteId = useId();
  /** The user has touched the form: from now on its changes make the draft (a form only opened makes none). */
  const touched = useRef(false);
  const touch = () => {
    touched.current = true;
  };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showFixAlert, setShowFixAlert] = useState(false);
  /** The purchase flow from the summary on (engine/purchase); a plain form's own call. Either disables the form. */
  const purchase = usePurchaseFlow(onCompleted);
  const [plainSubmitting, setSubmitting] = useState(false);
  const submitting = purchase.submitting || plainSubmitting;
  const [focusRequest, setFocusRequest] = useState(0);
  /** Writes made outside rjsf (blocks, the fund restore): each one is handed to rjsf. */
  const [writes, setWrites] = useState(0);
  /** A check or a submission is under way (dialogs open, POST running): the form does not start another. */
  const busy = useRef(false);
  // Idempotent plain forms: one Idempotency-Key per payload and company, kept until it succeeds.
  const plainKeys = useRef(new Map<string, string>());
  const containerRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<FieldErrors>({});
  /** The questions open (fund change, summary): leaving the form closes them, and nothing is sent. */
  const openDialogs = useRef<OpenDialog[]>([]);
  const keepDialog = (dialog: OpenDialog) => {
    openDialogs.current.push(dialog);
  };
  /** False once the form has left the screen: a question answered afterwards sends nothing. */
  const mounted = useRef(true);
  useEffect(() => {
    // Set again on mount: React's development double mount runs the cleanup once in between.
    mounted.current = true;
    const dialogs = openDialogs.current;
    return () => {
      mounted.current = false;
      for (const dialog of dialogs.splice(0)) dialog.close();
    };
  }, []);

  // `docs` is always the documents of the slots currently shown (a hidden slot's document is not sent).
  const data = useMemo<FormValues>(() => {
    const docs = visibleSlotDocuments(declaration, formData, slotDocuments).map((doc) => doc.doc_id);
    return 'docs' in (compiled.schema.properties ?? {}) ? { ...formData, docs } : formData;
  }, [compiled.schema, declaration, formData, slotDocuments]);

  const setFields = useCallback((patch: Readonly<Record<string, unknown>>) => {
    setFormData((previous) => ({ ...previous, ...patch }));
    setWrites((count) => count + 1);
    setErrors((previous) => withoutFieldErrors(previous, Object.keys(patch)));
  }, []);

  const updateFields = useCallback(
    (
      fields: readonly string[],
      compute: (data: Readonly<Record<string, unknown>>) => Readonly<Record<string, unknown>>,
    ) => {
      setFormData((previous) => ({ ...previous, ...compute(previous) }));
      setWrites((count) => count + 1);
      setErrors((previous) => withoutFieldErrors(previous, [...fields]));
    },
    [],
  );

  const setSlotDocument = useCallback((slot: string, document: SlotDocument | undefined) => {
    setSlotDocuments((previous) => ({ ...previous, [slot]: document }));
    setErrors((previous) => withoutFieldErrors(previous, ['docs', slot]));
  }, []);

  const setFiles = useCallback((field: string, chosen: readonly File[]) => {
    setFileList((previous) => ({ ...previous, [field]: chosen }));
  }, []);

  const slotPick = useCallback((slot: string) => latestPicks.current[slot], []);
  const setSlotPick = useCallback((slot: string, pick: SlotPick | undefined) => {
    const empty = !pick || (!pick.typeId && !pick.date && pick.files.length === 0);
    const previous = latestPicks.current;
    if (empty && previous[slot] === undefined) return;
    const next = { ...previous };
    if (empty) delete next[slot];
    else next[slot] = pick;
    latestPicks.current = next;
    setSlotPicks(next);
  }, []);

  // The draft follows every change once the user has touched the form (form-draft.tsx pauses and writes).
  useEffect(() => {
    if (!touched.current || !onDraft) return;
    onDraft({ values: formData, slotDocuments, slotPicks, files });
  }, [onDraft, formData, slotDocuments, slotPicks, files]);

  const errorsFor = useCallback((field: string): readonly string[] => errors[field] ?? [], [errors]);

  const watched = useMemo(() => watchedFields(declaration, compiled.schema), [declaration, compiled.schema]);
  // The same object as long as the watched values are the same: a keystroke in free text (the notes)
  // changes `data` but not these, so the context, and the data handed to rjsf with it, stay the same
  // objects, and rjsf does not derive its whole state again for a change it made itself. (State
  // adjusted while rendering: React renders again at once, before the children.)
  const picked = useMemo(() => {
    const values: FormValues = {};
    for (const key of watched) if (data[key] !== undefined) values[key] = data[key];
    return values;
  }, [data, watched]);
  const [watchedData, setWatchedData] = useState<FormValues>(picked);
  if (watchedData !== picked && !deepEquals(watchedData, picked)) setWatchedData(picked);

  // The latest data, read by the context's `formData` getter: a widget rendered for any reason reads
  // the current values, while the context itself changes only with what `watchedFields` names. It is
  // written during render on purpose (the "latest value" pattern): the widgets rendered in this same
  // pass must read this render's data, which an effect would only provide afterwards.
  const latestData = useRef(data);
  // eslint-disable-next-line react-hooks/refs -- see above
  latestData.current = data;

  const context = useMemo<EngineContextValue>(() => {
    const value = {
      declaration,
      setFields,
      updateFields,
      creditCents,
      categories,
      errorsFor,
      errors,
      watchedData,
      slotDocuments,
      setSlotDocument,
      files,
      setFiles,
      user,
      submitting,
      online,
      slotPick,
      setSlotPick,
    };
    // Not enumerable: rjsf's deep comparison of its props skips it (see `watchedFields`).
    // eslint-disable-next-line react-hooks/refs -- read by the widgets when they render, see above
    Object.defineProperty(value, 'formData', { get: () => latestData.current, enumerable: false });
    return value as EngineContextValue;
  }, [
    declaration,
    setFields,
    updateFields,
    creditCents,
    categories,
    errorsFor,
    errors,
    watchedData,
    slotDocuments,
    setSlotDocument,
    files,
    setFiles,
    user,
    submitting,
    online,
    slotPick,
    setSlotPick,
  ]);

  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);

  /**
   * The data handed to rjsf. rjsf keeps the user's edits in its own state; handing every keystroke
   * back makes it derive its whole state again (schema resolution, defaults, registry) for nothing.
   * So the data goes back only with a change rjsf does not know yet: a write of the engine or a block
   * (`setFields`, counted by `writes`), or a new context or new errors — then always complete, since
   * rjsf derives its state from whatever it is given along with them.
   */
  const rjsfData = useMemo(
    () => data,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately not on every change of `data`
    [context, extraErrors, writes, submitting],
  );

  // Only what rjsf changed is taken from its event: a block may have written sibling fields through
  // `setFields` in the same tick, and rjsf's copy of the data does not hold them yet.
  const handleChange = useCallback(
    (event: IChangeEvent<FormValues>) => {
      const next = event.formData ?? {};
      const changed = changedKeys(data, next).filter((key) => key !== 'docs');
      if (changed.length === 0) return;
      setFormData((previous) => {
        const merged = { ...previous };
        for (const key of changed) {
          if (next[key] === undefined) delete merged[key];
          else merged[key] = next[key];
        }
        return merged;
      });
      setErrors((previous) => withoutFieldErrors(previous, changed));
    },
    [data],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    const root = containerRef.current;
    if (!root) return;
    const fields = Object.keys(focusTarget.current).filter((field) => field !== '');
    const invalidInput = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    const firstField = fields
      .map((field) =>
        root.querySelector<HTMLElement>(`[${FIELD_ATTRIBUTE}="${field.replace(/["\\]/g, '\\$&')}"]`),
      )
      .filter((element): element is HTMLElement => element !== null)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
    const inField = firstField?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])',
    );
    let target: HTMLElement | null | undefined = invalidInput;
    if (
      inField &&
      (!invalidInput || inField.compareDocumentPosition(invalidInput) & Node.DOCUMENT_POSITION_FOLLOWING)
    ) {
      target = inField;
    }
    (target ?? alertRef.current)?.focus();
    (target ?? alertRef.current)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focusRequest]);

  /** Schema + shared rules; empty when the data may be sent. */
  const check = (values: FormValues, documents: readonly SlotDocument[]): FieldErrors => {
    const validation = compiled.validator.validateFormData(
      values,
      compiled.schema,
      undefined,
      italianErrorTransformer(values, declaration.uiSchema),
      declaration.uiSchema as UiSchema,
    );
    // A plain form has no named rules (and no credit): its schema says everything.
    const ruleErrors = isRequestForm(declaration)
      ? runFormRules(declaration, values, {
          today: romeToday(),
          creditCents,
          categories,
          documents: documents.map(({ doc_id, file_kind }) => ({ doc_id, file_kind })),
        })
      : {};
    return mergeFieldErrors(collectFieldErrors(validation.errors), ruleErrors);
  };

  /** The blocks' questions before the confirmation (e.g. the pension fund change): any "no" stops. */
  const runBeforeConfirm = async (values: FormValues): Promise<boolean> => {
    const properties = compiled.schema.properties ?? {};
    for (const { field, hooks } of blocks) {
      if (!hooks.beforeConfirm) continue;
      const proceed = await hooks.beforeConfirm({
        field,
        properties,
        userInfo,
        preloaded: preloaded[field],
        values,
        setFields,
        track: keepDialog,
      });
      if (!proceed || !mounted.current) return false;
    }
    return true;
  };

  /** A plain form's own path: overlay -> its call -> its dialog or toast -> `onCompleted`. */
  const sendPlain = async (form: PlainFormDeclaration, values: FormValues) => {
    setSubmitting(true);
    const body = plainFormBody(form, toPayload(form, values), files);
    let fingerprint: string | null = null;
    if (form.submit.idempotent && !(body instanceof FormData)) {
      fingerprint = plainFormFingerprint(form.submit, body);
      if (!plainKeys.current.has(fingerprint)) plainKeys.current.set(fingerprint, crypto.randomUUID());
    }
    try {
      const answer = await sendPlainForm(
        form.submit,
        body,
        fingerprint ? plainKeys.current.get(fingerprint) : undefined,
      );
      if (fingerprint) plainKeys.current.delete(fingerprint);
      setSubmitting(false);
      await showPlainSuccess(form.success);
      busy.current = false;
      if (mounted.current) onCompleted(answer);
    } catch (error) {
      setSubmitting(false);
      busy.current = false;
      const data = error instanceof ApiError ? error.data : error;
      void showBackendError(form.errorIntro ? [formMessages[form.errorIntro], data] : data);
    }
  };

  const submit = async (submitted: FormValues) => {
    // Offline nothing is checked, confirmed or sent (the button says why): the user sends once back online.
    if (busy.current || !online) return;
    // rjsf's data may hold a change made in the same event as the submit: it is applied on top.
    const values: FormValues = { ...data };
    for (const key of changedKeys(data, submitted)) {
      if (key !== 'docs') values[key] = submitted[key];
    }
    const documents = visibleSlotDocuments(declaration, values, slotDocuments);
    if ('docs' in values) values.docs = documents.map((document) => document.doc_id);

    const found = check(values, documents);
    if (hasFieldErrors(found)) {
      setErrors(found);
      setShowFixAlert(true);
      focusTarget.current = found;
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    setShowFixAlert(false);

    busy.current = true;
    try {
      if (!(await runBeforeConfirm(values))) {
        busy.current = false;
        return;
      }
      if (!isRequestForm(declaration)) {
        await sendPlain(declaration, values);
        return;
      }
      const amountValue = values[declaration.amountField];
      // A form without documents (pension) has no `docs` in its payload at all.
      const hasDocs = 'docs' in (compiled.schema.properties ?? {});
      const outcome = await purchase.run({
        call: `/crea_richiesta/${encodeURIComponent(declaration.route_name)}`,
        // One spelling per amount: a retry of the same request is the same payload (wire-amounts.ts).
        body: withWireAmounts(
          compiled.schema,
          toPayload(declaration, values, hasDocs ? documents.map((document) => document.doc_id) : undefined),
        ),
        balance: declaration.credit,
        creditCents,
        amountCents: (typeof amountValue === 'string' ? parseCents(amountValue) : null) ?? 0,
        successText: formMessages[declaration.successText],
        onSent,
      });
      if (outcome !== 'done') busy.current = false;
    } catch (error) {
      busy.current = false;
      console.error('Form submission failed before sending', error);
    }
  };

  const formErrors = errors[''] ?? [];
  const submitLabel = (!isRequestForm(declaration) && declaration.submitLabel) || 'formSubmit';
  const submittingText = (!isRequestForm(declaration) && declaration.submittingText) || 'formSubmitting';

  return (
    <Box
      ref={containerRef}
      pos="relative"
      onInputCapture={touch}
      onChangeCapture={touch}
      onKeyDownCapture={touch}
      onPointerDownCapture={touch}
      onClickCapture={touch}
    >
      <ThemedForm
        schema={compiled.schema}
        uiSchema={declaration.uiSchema as UiSchema}
        validator={compiled.validator}
        widgets={code.widgets}
        fields={code.fields}
        templates={formTemplates(widgets)}
        formData={rjsfData}
        formContext={context}
        onChange={handleChange}
        onSubmit={(event) => void submit(event.formData ?? data)}
        extraErrors={extraErrors}
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE_BEHAVIOR}
        transformErrors={italianErrorTransformer(data, declaration.uiSchema)}
        translateString={italianTranslateString}
        noHtml5Validate
        noValidate
        showErrorList={false}
        disabled={submitting}
      >
        <Stack gap="md" mt="lg">
          {showFixAlert && hasFieldErrors(errors) && (
            <Alert ref={alertRef} color="red" role="alert" tabIndex={-1} data-testid="form-fix-errors">
              <Text size="sm">{formMessages.formFixErrors}</Text>
              {formErrors.length > 0 && (
                <List size="sm" mt="xs">
                  {formErrors.map((message) => (
                    <List.Item key={message}>{message}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <div role="status" aria-live="polite">
            {!online && (
              <Alert color="yellow" variant="light" p="sm" id={offlineNoteId} data-testid="form-offline-note">
                <Text size="sm">{messages.draftOfflineNote}</Text>
              </Alert>
            )}
          </div>
          <Button
            type="submit"
            size="md"
            loading={submitting}
            disabled={!online}
            aria-describedby={online ? undefined : offlineNoteId}
            w={{ base: '100%', xs: 'auto' }}
            style={{ alignSelf: 'flex-end' }}
          >
            {formMessages[submitLabel]}
          </Button>
        </Stack>
      </ThemedForm>
      <PurchaseOverlay visible={submitting} testId="form-submitting" text={formMessages[submittingText]} />
    </Box>
  );
}
