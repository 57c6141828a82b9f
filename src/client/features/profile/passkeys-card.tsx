/**
 * Passkeys of the profile (issue 28): the user's passkeys (name, created, last used), a name and
 * "Aggiungi una passkey" (POST passkeys/opzioni -> navigator.credentials.create through
 * @simplewebauthn/browser, loaded on the click -> POST passkeys) and the removal of each, confirmed.
 */
import { ActionIcon, Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { formatDate } from '../../../shared/dates';
import { apiRequest } from '../../api/client';
import { OnceButton, openAnswerDialog } from '../../components/answer-dialog';
import { showBackendError } from '../../components/backend-error-box';
import { showPasskeyError } from '../../components/passkey-errors';
import type { Passkey, PasskeyRegistrationOptions } from '../../../../schemas/wire-types.gen';

const NAME_MAX = 64;

async function confirmRemoval(name: string): Promise<boolean> {
  const { result } = await openAnswerDialog<boolean>(
    'passkey-remove',
    messages.passkeysTitle,
    (answer) => (
      <Stack gap="md">
        <Text>{formatMessage('passkeysRemoveConfirm', { name })}</Text>
        <Group justify="flex-end">
          <OnceButton variant="default" onClick={() => answer(false)} initialFocus>
            {messages.cancel}
          </OnceButton>
          <OnceButton onClick={() => answer(true)} testId="passkey-remove-confirm">
            {messages.confirm}
          </OnceButton>
        </Group>
      </Stack>
    ),
    'sm',
  );
  return result;
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" data-testid="passkey-row">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {passkey.nome}
        </Text>
        <Text size="sm" c="dimmed">
          {formatMessage('passkeysCreated', { date: formatDate(passkey.creata) })}
          {' · '}
          {passkey.ultimo_utilizzo
            ? formatMessage('passkeysLastUsed', { date: formatDate(passkey.ultimo_utilizzo) })
            : messages.passkeysNeverUsed}
        </Text>
      </Stack>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={formatMessage('passkeysRemove', { name: passkey.nome })}
        onClick={onRemove}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}

export function PasskeysCard() {
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [supported] = useState(
    () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function',
  );

  useEffect(() => {
    let live = true;
    apiRequest<Passkey[]>('/passkeys')
      .then((list) => live && setPasskeys(list ?? []))
      .catch(() => live && setLoadFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    setAdding(true);
    try {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await apiRequest<PasskeyRegistrationOptions>('/passkeys/opzioni', { method: 'POST' });
      const response = await startRegistration({
        optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'],
      });
      const created = await apiRequest<Passkey>('/passkeys', {
        method: 'POST',
        body: { nome: name.trim() || messages.passkeysNameDefault, response },
      });
      setPasskeys((list) => [...(list ?? []), created]);
      setName('');
    } catch (error) {
      showPasskeyError(error);
    } finally {
      setAdding(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    if (!(await confirmRemoval(passkey.nome))) return;
    try {
      await apiRequest(`/passkeys/${passkey.id}`, { method: 'DELETE' });
      setPasskeys((list) => (list ?? []).filter((item) => item.id !== passkey.id));
    } catch (error) {
      void showBackendError(error);
    }
  };

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      shadow="xs"
      component="section"
      aria-labelledby="passkeys-title"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="passkeys-title">
            {messages.passkeysTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.passkeysText}
          </Text>
        </Stack>
        {loadFailed && (
          <Alert color="red" variant="light" role="alert">
            {messages.passkeysLoadFailed}
          </Alert>
        )}
        {passkeys !== null &&
          (passkeys.length === 0 ? (
            <Text size="sm">{messages.passkeysEmpty}</Text>
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {passkeys.map((passkey) => (
                <PasskeyRow key={passkey.id} passkey={passkey} onRemove={() => void remove(passkey)} />
              ))}
            </Stack>
          ))}
        {supported ? (
          <form onSubmit={(event) => void add(event)} noValidate aria-label={messages.passkeysAdd}>
            <Group align="flex-end" gap="sm">
              <TextInput
                style={{ flex: '1 1 220px' }}
                label={messages.passkeysNameLabel}
                description={messages.passkeysNameHelp}
                placeholder={messages.passkeysNameDefault}
                maxLength={NAME_MAX}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <Button
                type="submit"
                variant="light"
                loading={adding}
                leftSection={<IconFingerprint size={18} aria-hidden="true" />}
              >
                {messages.passkeysAdd}
              </Button>
            </Group>
          </form>
        ) : (
          <Alert color="gray" variant="light">
            {messages.passkeysUnsupported}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
