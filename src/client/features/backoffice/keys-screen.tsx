/**
 * Encryption keys (route office-cifratura-chain, spec 002 §2.8, §3, §4.3, §7, §9): a key pair is made
 * in the browser with WebCrypto (RSA-PSS, SHA-512, `rsaKeyBits` = 3072 bits: the spec's 1024 is
 * below every current guideline, and the page says so); only the public key is sent (DER
 * SubjectPublicKeyInfo in base64), optionally for a consultant; `public.bin` (SPKI) and `private.bin`
 * (PKCS #8) are downloaded as files, the private key once only: after its download it is dropped
 * from memory. The company's keys are listed by the declared table, with deletion after confirmation.
 */
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconKey, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { screenConstants } from '../../../../config/screen-constants';
import { keysTable } from '../../../../config/tables';
import type { ChiavePubblica } from '../../../../schemas/wire-types.gen';
import { formatTableMessage, messages } from '../../../shared/catalogues/tables';
import { apiRequest } from '../../api/client';
import { flattenBackendError } from '../../components/backend-error-box';
import { saveFile } from '../../components/save-file';
import { DataTable, refreshTables } from '../../engine/table';
import { useSessionStore } from '../../stores/session';
import { BackOfficePage } from './back-office-page';

const API_USER = /^[A-Za-z0-9._@-]{3,64}$/;

/** A new RSA key pair, exportable once: SPKI and PKCS #8 bytes. */
export async function generateKeyPair(): Promise<{ publicKey: ArrayBuffer; privateKey: ArrayBuffer }> {
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSA-PSS',
      modulusLength: screenConstants.rsaKeyBits,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-512',
    },
    true,
    ['sign', 'verify'],
  );
  const [publicKey, privateKey] = await Promise.all([
    crypto.subtle.exportKey('spki', pair.publicKey),
    crypto.subtle.exportKey('pkcs8', pair.privateKey),
  ]);
  return { publicKey, privateKey };
}

function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const binFile = (bytes: ArrayBuffer, filename: string) => ({
  blob: new Blob([bytes], { type: 'application/octet-stream' }),
  filename,
});

function KeyGenerator() {
  const queryClient = useQueryClient();
  const actFor = useSessionStore((state) => state.sessionInfos.act_for?.id ?? null);
  const [apiUser, setApiUser] = useState('');
  /** What is happening while the button spins (said in the live region below it). */
  const [running, setRunning] = useState<'generating' | 'registering' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: number; publicKey: ArrayBuffer } | null>(null);
  const [privateReady, setPrivateReady] = useState(false);
  // The private key lives only here, until its one download.
  const privateKey = useRef<ArrayBuffer | null>(null);
  const supported = typeof crypto !== 'undefined' && crypto.subtle !== undefined;
  const apiUserInvalid = apiUser.trim() !== '' && !API_USER.test(apiUser.trim());

  const generate = async () => {
    setRunning('generating');
    setError(null);
    setCreated(null);
    privateKey.current = null;
    setPrivateReady(false);
    try {
      const pair = await generateKeyPair();
      setRunning('registering');
      const answer = (await apiRequest<ChiavePubblica>('/chiavi_pubbliche', {
        method: 'POST',
        body: {
          chiave_pubblica: base64(pair.publicKey),
          ...(apiUser.trim() ? { api_user_name: apiUser.trim() } : {}),
        },
        actFor,
      })) as ChiavePubblica;
      privateKey.current = pair.privateKey;
      setPrivateReady(true);
      setCreated({ id: answer.id, publicKey: pair.publicKey });
      await refreshTables(queryClient, ['office-chiavi', 'office-consulenti']);
    } catch (failure) {
      setError(`${messages.boKeysFailed} ${flattenBackendError(failure).join(' ')}`);
    } finally {
      setRunning(null);
    }
  };

  const downloadPrivate = () => {
    const bytes = privateKey.current;
    if (!bytes) return;
    saveFile(binFile(bytes, 'private.bin'));
    privateKey.current = null;
    setPrivateReady(false);
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <IconKey size={20} aria-hidden="true" />
          <Title order={2} size="h4">
            {messages.boKeysGenerate}
          </Title>
        </Group>
        <Text size="sm">{messages.boKeysIntro}</Text>
        <Alert
          color="blue"
          variant="light"
          icon={<IconLock aria-hidden="true" />}
          data-testid="key-size-note"
        >
          {formatTableMessage('boKeysSize', { bits: screenConstants.rsaKeyBits })}
        </Alert>
        {!supported && (
          <Alert color="red" variant="light" role="alert">
            {messages.boKeysUnsupported}
          </Alert>
        )}
        <TextInput
          label={messages.boKeysConsultant}
          description={messages.boKeysConsultantHelp}
          value={apiUser}
          onChange={(event) => setApiUser(event.currentTarget.value)}
          error={apiUserInvalid ? messages.boKeysConsultantInvalid : undefined}
          maxLength={64}
          w={{ base: '100%', sm: 360 }}
        />
        <Group>
          <Button
            onClick={() => void generate()}
            loading={running !== null}
            disabled={!supported || apiUserInvalid || actFor === null}
            leftSection={<IconKey size={18} aria-hidden="true" />}
          >
            {messages.boKeysGenerate}
          </Button>
        </Group>
        {/* Always in the page, so that screen readers announce the text when it appears. */}
        <Text size="sm" role="status" aria-live="polite" data-testid="key-progress" fw={500}>
          {running === 'generating'
            ? messages.boKeysGenerating
            : running === 'registering'
              ? messages.boKeysRegistering
              : ''}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {created && (
          <Stack gap="xs" data-testid="key-generated">
            <Text size="sm" fw={600} role="status">
              {formatTableMessage('boKeysGenerated', { id: created.id })}
            </Text>
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden="true" />}
                onClick={() => saveFile(binFile(created.publicKey, 'public.bin'))}
              >
                {messages.boKeysDownloadPublic}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconDownload size={18} aria-hidden="true" />}
                disabled={!privateReady}
                onClick={downloadPrivate}
              >
                {messages.boKeysDownloadPrivate}
              </Button>
            </Group>
            <Text size="sm" c={privateReady ? 'red.8' : 'dimmed'}>
              {privateReady ? messages.boKeysPrivateOnce : messages.boKeysPrivateDone}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export function KeysScreen() {
  return (
    <BackOfficePage title={messages.boKeysTitle}>
      <Stack gap="lg">
        <KeyGenerator />
        <DataTable table={keysTable} />
      </Stack>
    </BackOfficePage>
  );
}
