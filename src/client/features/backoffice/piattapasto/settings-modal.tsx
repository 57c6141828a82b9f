/**
 * The Piattapasto settings modal (spec 002 §3, §5, §7, §8): the voucher value (a euro amount with a
 * dot decimal: a keystroke that would break it is dropped), the supplier, the client code (not for
 * toduba) and the VAT (repas only: digits and at most one decimal, 0 or 4). The rules are the shared
 * ones the server applies (src/shared/piattapasto.ts). A saving failure shows "Si è verificato un
 * errore nel salvataggio dei dati, il sistema riporta:" with the server's words, and the settings are
 * read again.
 */
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { screenConstants } from '../../../../../config/screen-constants';
import { formMessages } from '../../../../shared/catalogues/forms';
import { messages } from '../../../../shared/catalogues/tables';
import {
  asksClientCode,
  asksVat,
  isKnownSupplier,
  isVatInput,
  vatValue,
} from '../../../../shared/piattapasto';
import { flattenBackendError } from '../../../components/backend-error-box';
import { withOverlays } from '../../../components/overlay-host';
import { useItalianAmount } from '../../../components/use-italian-amount';
import { saveSettings, settingsQueryOptions, type Settings } from './piattapasto-api';

const SUPPLIER_LABELS = {
  pellegrini: messages.piattaSupplierPellegrini,
  repas: messages.piattaSupplierRepas,
  toduba: messages.piattaSupplierToduba,
} as const;

export const supplierLabel = (value: string | null): string =>
  isKnownSupplier(value) ? SUPPLIER_LABELS[value] : (value ?? '');

export interface SettingsModalProps {
  opened: boolean;
  onClose: () => void;
  settings: Settings;
  companyId: number | null;
}

export function SettingsModal({ opened, onClose, settings, companyId }: SettingsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={messages.piattaSettingsTitle} centered size="md">
      {/* A new form each time it opens: the saved values, not what was typed and left. */}
      {opened && <SettingsForm settings={settings} companyId={companyId} onSaved={onClose} />}
    </Modal>
  );
}

function SettingsForm({
  settings,
  companyId,
  onSaved,
}: {
  settings: Settings;
  companyId: number | null;
  onSaved: () => void;
}) {
  const queryClient = useQueryClient();
  // Typed the Italian way ("8,00"), sent as the wire amount (issue 28).
  const value = useItalianAmount(settings.valore_buono);
  const [supplier, setSupplier] = useState<string | null>(
    isKnownSupplier(settings.fornitore) ? settings.fornitore : null,
  );
  const [clientCode, setClientCode] = useState(settings.codice_cliente ?? '');
  const [vat, setVat] = useState(settings.iva_buono === null ? '' : String(settings.iva_buono));
  const [touched, setTouched] = useState(false);

  const valueError = value.cents === null || value.cents <= 0 ? messages.piattaFieldValueInvalid : null;
  const codeError =
    asksClientCode(supplier) && clientCode.trim() === '' ? messages.piattaFieldClientCodeRequired : null;
  const vatError = asksVat(supplier) && vatValue(vat) === null ? messages.piattaFieldVatInvalid : null;
  const valid = supplier !== null && !valueError && !codeError && !vatError;

  const save = useMutation({
    mutationFn: () =>
      saveSettings(
        {
          valore_buono: value.wire,
          fornitore: supplier as 'pellegrini' | 'repas' | 'toduba',
          codice_cliente: asksClientCode(supplier) ? clientCode.trim() : null,
          iva_buono: asksVat(supplier) ? vatValue(vat) : null,
        },
        companyId,
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsQueryOptions(companyId).queryKey, saved);
      onSaved();
      const { notifications } = await withOverlays();
      notifications.show({ color: 'green', message: formMessages.formSettingsSaved, withCloseButton: true });
    },
    // 002 §8: the error is shown, then the settings are read again.
    onError: () => void queryClient.invalidateQueries({ queryKey: settingsQueryOptions(companyId).queryKey }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (valid) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate data-testid="piatta-settings-form">
      <Stack gap="md">
        <TextInput
          label={messages.piattaFieldValue}
          description={messages.piattaFieldValueHelp}
          value={value.text}
          inputMode="decimal"
          required
          onChange={(event) => value.onChange(event.currentTarget.value)}
          onBlur={value.onBlur}
          error={touched ? valueError : null}
          data-testid="piatta-valore-buono"
        />
        <Select
          label={messages.piattaFieldSupplier}
          data={screenConstants.piattapastoSuppliers.map((s) => ({ value: s, label: SUPPLIER_LABELS[s] }))}
          value={supplier}
          onChange={setSupplier}
          allowDeselect={false}
          required
          error={touched && supplier === null ? messages.piattaFieldSupplierRequired : null}
          comboboxProps={{ withinPortal: true }}
          data-testid="piatta-fornitore"
        />
        {asksClientCode(supplier) && (
          <TextInput
            label={messages.piattaFieldClientCode}
            value={clientCode}
            maxLength={50}
            required
            onChange={(event) => setClientCode(event.currentTarget.value)}
            error={touched ? codeError : null}
            data-testid="piatta-codice-cliente"
          />
        )}
        {asksVat(supplier) && (
          <TextInput
            label={messages.piattaFieldVat}
            description={messages.piattaFieldVatHelp}
            value={vat}
            inputMode="decimal"
            required
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isVatInput(next)) setVat(next);
            }}
            error={touched ? vatError : null}
            data-testid="piatta-iva-buono"
          />
        )}
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
            {formMessages.formSaveErrorIntro} {flattenBackendError(save.error).join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="piatta-settings-save">
            {formMessages.formSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
