/**
 * The privacy and code-of-conduct modals (spec 000 §4 Consent, §5 Consent). Privacy: the service
 * consent (required), the personal-data consent (optional) and the signature, the user's name
 * typed (required). Code of conduct: one required box. Submitting privacy opens the code of
 * conduct unless it was already accepted; then `POST /api/user_privacy` saves all and the modals
 * close. No close button, no Esc, no backdrop: only "accept" or "leave the portal".
 * Rendered by the modals host, outside the router: navigation comes in as a callback.
 */
import { Button, Checkbox, List, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { apiRequest } from '../../api/client';
import { onSessionEnd } from '../../api/session-events';
import { showBackendError } from '../../components/backend-error-box';
import { ModalActions } from '../../components/modal-actions';
import { withOverlays } from '../../components/overlay-host';
import type { UserPrivacy } from '../../../../schemas/wire-types.gen';

/** `GET/POST /api/user_privacy` (schemas/api/user-privacy.json). */
export type PrivacyConsent = UserPrivacy;

export interface ConsentOptions {
  /** "Nome Cognome" of the user, suggested as the signature. */
  fullName: string;
  /** Leaves the portal (logout and login page). */
  onExit: () => Promise<void>;
}

export const PRIVACY_MODAL_ID = 'consent-privacy';
export const CONDUCT_MODAL_ID = 'consent-conduct';

export function needsConsent(consent: PrivacyConsent | null): boolean {
  return !consent?.privacy_servizio || !consent.decalogo_sicurezza;
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

function ExitButton({ onExit, disabled }: { onExit: () => Promise<void>; disabled: boolean }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      variant="subtle"
      color="gray"
      loading={leaving}
      disabled={disabled}
      onClick={() => {
        setLeaving(true);
        void onExit();
      }}
    >
      {messages.consentExit}
    </Button>
  );
}

interface PrivacyValues {
  privacy_servizio: true;
  privacy_dati_personali: boolean;
  signature: string;
}

function PrivacyForm({
  fullName,
  initial,
  submitLabel,
  onSubmit,
  onExit,
}: {
  fullName: string;
  initial: PrivacyConsent | null;
  submitLabel: string;
  onSubmit: (values: PrivacyValues) => Promise<void>;
  onExit: () => Promise<void>;
}) {
  const [service, setService] = useState(false);
  const [personal, setPersonal] = useState(initial?.privacy_dati_personali ?? false);
  const [signature, setSignature] = useState('');
  const [touched, setTouched] = useState({ service: false, signature: false });
  const [submitting, setSubmitting] = useState(false);
  const signatureMissing = signature.trim() === '';
  const valid = service && !signatureMissing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ service: true, signature: true });
    if (!valid || submitting) return;
    setSubmitting(true);
    try {
      await onSubmit({
        privacy_servizio: true,
        privacy_dati_personali: personal,
        signature: signature.trim(),
      });
    } catch (error) {
      void showBackendError(error);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.consentPrivacyTitle}>
      <Stack gap="md">
        {/* The modal opens on the text (read first, from the top), not on the first box. */}
        <Stack gap="xs" tabIndex={-1} data-autofocus style={{ scrollMarginTop: 72 }}>
          {lines(messages.consentPrivacyText).map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
        <Checkbox
          label={messages.consentServiceLabel}
          checked={service}
          onChange={(event) => setService(event.currentTarget.checked)}
          onBlur={() => setTouched((state) => ({ ...state, service: true }))}
          required
          error={touched.service && !service ? messages.consentServiceRequired : undefined}
        />
        <Checkbox
          label={messages.consentPersonalLabel}
          checked={personal}
          onChange={(event) => setPersonal(event.currentTarget.checked)}
        />
        <TextInput
          label={messages.consentSignatureLabel}
          description={fullName ? formatMessage('consentSignatureHelp', { name: fullName }) : undefined}
          autoComplete="name"
          required
          value={signature}
          onChange={(event) => setSignature(event.currentTarget.value)}
          onBlur={() => setTouched((state) => ({ ...state, signature: true }))}
          error={touched.signature && signatureMissing ? messages.consentSignatureRequired : undefined}
        />
        <ModalActions spread>
          <ExitButton onExit={onExit} disabled={submitting} />
          <Button type="submit" loading={submitting} disabled={!valid}>
            {submitLabel}
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}

function ConductForm({ onSubmit, onExit }: { onSubmit: () => Promise<void>; onExit: () => Promise<void> }) {
  const listRef = useRef<HTMLOListElement>(null);
  // The modal may reuse the privacy modal's scrolled container: the rules are shown from the top.
  useEffect(() => {
    listRef.current?.scrollIntoView({ block: 'start' });
  }, []);
  const [accepted, setAccepted] = useState(false);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!accepted || submitting) return;
    setSubmitting(true);
    try {
      await onSubmit();
    } catch (error) {
      void showBackendError(error);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={messages.consentConductTitle}>
      <Stack gap="md">
        <List
          ref={listRef}
          type="ordered"
          spacing={6}
          size="sm"
          pt={8}
          tabIndex={-1}
          data-autofocus
          style={{ scrollMarginTop: 72 }}
        >
          {lines(messages.consentConductRules).map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Checkbox
          label={messages.consentConductLabel}
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
          onBlur={() => setTouched(true)}
          required
          error={touched && !accepted ? messages.consentConductRequired : undefined}
        />
        <ModalActions spread>
          <ExitButton onExit={onExit} disabled={submitting} />
          <Button type="submit" loading={submitting} disabled={!accepted}>
            {messages.consentConfirm}
          </Button>
        </ModalActions>
      </Stack>
    </form>
  );
}

/**
 * Shows what is missing (privacy first, then the code of conduct) and saves everything at the
 * end. Resolves when the consent is saved; the modals close if the session ends meanwhile.
 */
export async function askConsent(current: PrivacyConsent | null, options: ConsentOptions): Promise<void> {
  const { modals } = await withOverlays();
  const locked = {
    centered: true,
    size: 'lg',
    closeOnEscape: false,
    closeOnClickOutside: false,
    withCloseButton: false,
  } as const;

  const closeAll = () => {
    modals.close(PRIVACY_MODAL_ID);
    modals.close(CONDUCT_MODAL_ID);
  };
  const stopListening = onSessionEnd(closeAll);
  const exit = async () => {
    closeAll();
    await options.onExit();
  };

  return new Promise<void>((resolve) => {
    const save = async (consent: PrivacyConsent) => {
      await apiRequest<PrivacyConsent>('/user_privacy', { method: 'POST', body: consent });
      stopListening();
      closeAll();
      resolve();
    };

    const openConduct = (privacy: PrivacyValues) =>
      modals.open({
        ...locked,
        modalId: CONDUCT_MODAL_ID,
        title: messages.consentConductTitle,
        children: (
          <ConductForm onSubmit={() => save({ ...privacy, decalogo_sicurezza: true })} onExit={exit} />
        ),
      });

    const conductAccepted = current?.decalogo_sicurezza === true;
    if (current?.privacy_servizio) {
      openConduct({
        privacy_servizio: true,
        privacy_dati_personali: current.privacy_dati_personali,
        signature: current.signature,
      });
      return;
    }
    modals.open({
      ...locked,
      modalId: PRIVACY_MODAL_ID,
      title: messages.consentPrivacyTitle,
      children: (
        <PrivacyForm
          fullName={options.fullName}
          initial={current}
          submitLabel={conductAccepted ? messages.consentConfirm : messages.proceed}
          onSubmit={async (privacy) => {
            if (conductAccepted) {
              await save({ ...privacy, decalogo_sicurezza: true });
              return;
            }
            modals.close(PRIVACY_MODAL_ID);
            openConduct(privacy);
          }}
          onExit={exit}
        />
      ),
    });
  });
}
