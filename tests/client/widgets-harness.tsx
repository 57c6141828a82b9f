/**
 * Renders the portal's named widgets and fields inside a real @rjsf/mantine Form, with a
 * FormEngineContext (src/client/form-kit) built here the way the engine builds it
 * (src/client/engine/forms/form-engine.tsx): the form data lives in state, `setFields` merges a patch,
 * rjsf's changes are taken key by key, and `errorsFor` reads a map the test may set. The logged user is
 * in the query cache, as the form screen leaves it.
 */
import { MantineProvider } from '@mantine/core';
import Form from '@rjsf/mantine';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useMemo, useState } from 'react';
import { vi } from 'vitest';
import { rimbSpese } from '../../config/forms/rimb-spese';
import { queryKeys } from '../../src/client/api/query-options';
import type { AnyFormDeclaration } from '../../src/shared/forms';
import type { FormCategory, FormEngineContext, SlotDocument } from '../../src/client/form-kit';
import { formFields, formWidgets } from '../../src/client/widgets';
import { demoUser } from './helpers';

const validator = customizeValidator();

type Data = Record<string, unknown>;

export interface WidgetFormOptions {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData?: Data;
  declaration?: AnyFormDeclaration;
  creditCents?: number;
  categories?: FormCategory[];
  user?: Partial<FormEngineContext['user']>;
  /** The logged user's saved pension fund (`user_anag.covip_fondo`), read by the pension block. */
  savedFund?: string | null;
  /** What `errorsFor` answers (the engine's last validation). */
  errors?: Record<string, string[]>;
  slotDocuments?: Record<string, SlotDocument | undefined>;
}

export interface WidgetFormHandle {
  /** The engine's current form data. */
  data(): Data;
  setSlotDocument: ReturnType<typeof vi.fn>;
  slotDocuments(): Record<string, SlotDocument | undefined>;
  /** The files of the `attachment` fields, by field. */
  files(): Record<string, readonly File[] | undefined>;
  /** Replaces what `errorsFor` answers, as a new validation would. */
  setErrors(errors: Record<string, string[]>): void;
  /** Writes fields from outside, as a replay or another block would. */
  setFields(patch: Data): void;
}

export const familyDocument: SlotDocument = {
  doc_id: 41,
  file_kind: 'doc_fam',
  file_kind_id: 9,
  file_date: '2026-01-10',
  label: 'stato-di-famiglia.pdf',
};

export function renderWidgetForm(options: WidgetFormOptions) {
  const handle = {} as WidgetFormHandle;
  const setSlotDocumentSpy = vi.fn();
  handle.setSlotDocument = setSlotDocumentSpy;

  function Harness() {
    const [formData, setFormData] = useState<Data>(options.formData ?? {});
    const [slotDocuments, setSlotDocuments] = useState(options.slotDocuments ?? {});
    const [errors, setErrors] = useState<Record<string, string[]>>(options.errors ?? {});
    const [files, setFileList] = useState<Record<string, readonly File[] | undefined>>({});
    const setFiles = useCallback((field: string, chosen: readonly File[]) => {
      setFileList((previous) => ({ ...previous, [field]: chosen }));
    }, []);

    const setFields = useCallback((patch: Readonly<Data>) => {
      setFormData((previous) => ({ ...previous, ...patch }));
    }, []);
    const updateFields = useCallback(
      (_fields: readonly string[], compute: (data: Readonly<Data>) => Data) => {
        setFormData((previous) => ({ ...previous, ...compute(previous) }));
      },
      [],
    );
    const setSlotDocument = useCallback((slot: string, document: SlotDocument | undefined) => {
      setSlotDocumentSpy(slot, document);
      setSlotDocuments((previous) => ({ ...previous, [slot]: document }));
    }, []);
    const errorsFor = useCallback((field: string) => errors[field] ?? [], [errors]);

    handle.data = () => formData;
    handle.slotDocuments = () => slotDocuments;
    handle.files = () => files;
    handle.setErrors = (next) => act(() => setErrors(next));
    handle.setFields = (patch) => act(() => setFields(patch));

    const context = useMemo<FormEngineContext>(
      () => ({
        declaration: options.declaration ?? rimbSpese,
        formData,
        setFields,
        updateFields,
        creditCents: options.creditCents ?? 150_000,
        categories: options.categories ?? [],
        errorsFor,
        slotDocuments,
        setSlotDocument,
        files,
        setFiles,
        user: {
          nome: 'Mario',
          cognome: 'Rossi',
          cod_fisc: 'RSSMRA80A01H501U',
          ...options.user,
        },
        submitting: false,
        online: true,
        slotPick: () => undefined,
        setSlotPick: () => undefined,
        // rjsf keeps its registry (and so this context) while the new one is deep-equal to the old one,
        // functions ignored: the errors are carried as data too, so a new validation reaches the widgets.
        errors,
      }),
      [formData, setFields, updateFields, errorsFor, errors, slotDocuments, setSlotDocument, files, setFiles],
    );

    // As the engine: only the keys rjsf changed are taken, so a block's `setFields` of the same tick stays.
    const onChange = (event: IChangeEvent<Data>) => {
      const next = event.formData ?? {};
      setFormData((previous) => {
        const merged = { ...previous };
        for (const key of new Set([...Object.keys(formData), ...Object.keys(next)])) {
          if (JSON.stringify(formData[key]) === JSON.stringify(next[key])) continue;
          if (next[key] === undefined) delete merged[key];
          else merged[key] = next[key];
        }
        return merged;
      });
    };

    return (
      <Form
        schema={options.schema}
        uiSchema={options.uiSchema}
        validator={validator}
        formData={formData}
        formContext={context}
        widgets={formWidgets}
        fields={formFields}
        onChange={onChange}
        noHtml5Validate
        showErrorList={false}
      />
    );
  }

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = demoUser();
  queryClient.setQueryData(queryKeys.userInfo, {
    ...user,
    user_anag: { ...user.user_anag, covip_fondo: options.savedFund ?? null },
  });
  const result = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <Harness />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, handle, queryClient };
}

/** Suggestions wait for the debounce and a fetch: room for a busy machine. */
export const SLOW = { timeout: 4000 };

/** The input labelled `label` (Mantine also labels a combobox's dropdown list with it). */
export function inputLabelled(label: RegExp | string): HTMLInputElement {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`Nessun input per ${String(label)}`);
  return input as HTMLInputElement;
}

/** Typing: Mantine's comboboxes take a change as the user's only while the input has the focus. */
export function type(input: HTMLInputElement, value: string) {
  if (document.activeElement !== input) act(() => input.focus());
  fireEvent.change(input, { target: { value } });
}

export async function pause(ms: number) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
