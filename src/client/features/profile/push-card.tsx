/**
 * "Notifiche push" on the profile (issue 28): a switch that turns web push on or off on this device
 * (the browser's permission is asked only when the user turns it on, never on load) and the kinds the
 * user wants pushed (reminders of expiring credit, request decisions, internal messages), saved for
 * the user. The subscription is made with the service worker's PushManager and the server's VAPID key
 * (GET push_config) and sent to POST push_iscrizione; turned off, it is unsubscribed and removed
 * (POST push_disiscrizione). Hidden when the portal does not offer push.
 */
import { Card, Checkbox, Fieldset, Stack, Switch, Text, Title } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { messages } from '../../../../config/messages-account.it';
import type { PushConfig, PushPreferenze, PushStato } from '../../../../schemas/wire-types.gen';
import { apiRequest } from '../../api/client';
import { isIosDevice } from '../../components/ios-install-banner';

const KINDS = [
  { key: 'promemoria', label: messages.pushKindPromemoria },
  { key: 'richieste', label: messages.pushKindRichieste },
  { key: 'messaggi', label: messages.pushKindMessaggi },
] as const;

/** Whether this browser can receive web push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The service worker's registration, waiting a little for it on a first visit. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
  ]);
}

function subscriptionBody(subscription: PushSubscription) {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth } };
}

type DeviceState = 'unknown' | 'on' | 'off';

export function PushCard() {
  const supported = pushSupported();
  const statusId = useId();
  const [config, setConfig] = useState<PushConfig | null>(null);
  const [prefs, setPrefs] = useState<PushStato | null>(null);
  const [device, setDevice] = useState<DeviceState>('unknown');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    supported ? Notification.permission : 'default',
  );

  // The portal's push configuration, then the user's kinds (only where push can work at all).
  useEffect(() => {
    if (!supported) return;
    const controller = new AbortController();
    apiRequest<PushConfig>('/push_config', { signal: controller.signal })
      .then(async (answer) => {
        setConfig(answer);
        if (answer.attivo)
          setPrefs(await apiRequest<PushStato>('/push_preferenze', { signal: controller.signal }));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [supported]);

  // This device's state; a subscription the browser has is sent again (the server may have dropped it).
  // One made with another key (the server's keys changed) no longer works: push counts as off here.
  const serverKey = config?.chiave_pubblica ?? null;
  useEffect(() => {
    if (!supported || config?.attivo !== true || !serverKey) return;
    let live = true;
    void navigator.serviceWorker
      .getRegistration()
      .then((reg) => reg?.pushManager.getSubscription() ?? null)
      .then(async (found) => {
        if (!live) return;
        const subscription =
          found && sameKey(found.options.applicationServerKey, applicationServerKey(serverKey))
            ? found
            : null;
        setDevice(subscription ? 'on' : 'off');
        if (subscription && Notification.permission === 'granted') {
          const answer = await apiRequest<PushStato>('/push_iscrizione', {
            method: 'POST',
            body: subscriptionBody(subscription),
          });
          if (live) setPrefs(answer);
        }
      })
      .catch(() => {
        if (live) setDevice('off');
      });
    return () => {
      live = false;
    };
  }, [supported, config?.attivo, serverKey]);

  if (!supported) {
    return (
      <PushFrame>
        <Text size="sm">{messages.pushUnsupported}</Text>
        {isIosDevice() && <Text size="sm">{messages.pushInstallHint}</Text>}
      </PushFrame>
    );
  }
  if (config?.attivo !== true || !config.chiave_pubblica) return null;
  const key = config.chiave_pubblica;

  const turnOn = async () => {
    const granted =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    setPermission(granted);
    if (granted !== 'granted') {
      setStatus({ text: messages.pushDenied, error: true });
      return;
    }
    const reg = await registration();
    if (!reg) {
      setStatus({ text: messages.pushNotReady, error: true });
      return;
    }
    const keyBytes = applicationServerKey(key);
    let subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, keyBytes)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes,
    });
    const answer = await apiRequest<PushStato>('/push_iscrizione', {
      method: 'POST',
      body: subscriptionBody(subscription),
    });
    setPrefs(answer);
    setDevice('on');
    setStatus({ text: messages.pushDeviceOn, error: false });
  };

  const turnOff = async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const subscription = (await reg?.pushManager.getSubscription()) ?? null;
    if (subscription) {
      const endpoint = subscription.endpoint;
      await subscription.unsubscribe().catch(() => false);
      const answer = await apiRequest<PushStato>('/push_disiscrizione', {
        method: 'POST',
        body: { endpoint },
      });
      setPrefs(answer);
    }
    setDevice('off');
    setStatus({ text: messages.pushDeviceOff, error: false });
  };

  const toggle = (on: boolean) => {
    setBusy(true);
    setStatus(null);
    (on ? turnOn() : turnOff())
      .catch(() => setStatus({ text: messages.pushFailed, error: true }))
      .finally(() => setBusy(false));
  };

  const saveKind = (kind: (typeof KINDS)[number]['key'], value: boolean) => {
    const current = prefs;
    if (!current) return;
    const body: PushPreferenze = {
      promemoria: current.promemoria,
      richieste: current.richieste,
      messaggi: current.messaggi,
      [kind]: value,
    };
    setPrefs({ ...current, [kind]: value });
    setStatus(null);
    apiRequest<PushStato>('/push_preferenze', { method: 'POST', body })
      .then((answer) => {
        setPrefs(answer);
        setStatus({ text: messages.pushKindsSaved, error: false });
      })
      .catch(() => {
        setPrefs(current);
        setStatus({ text: messages.pushFailed, error: true });
      });
  };

  const blocked = permission === 'denied' && device !== 'on';
  const showKinds = prefs !== null && (device === 'on' || prefs.dispositivi > 0);

  return (
    <PushFrame>
      <Switch
        label={messages.pushDeviceSwitch}
        checked={device === 'on'}
        disabled={busy || device === 'unknown' || blocked}
        onChange={(event) => toggle(event.currentTarget.checked)}
        aria-describedby={statusId}
      />
      {blocked && (
        <Text size="sm" c="red.8">
          {messages.pushDenied}
        </Text>
      )}
      {showKinds && (
        <Fieldset legend={messages.pushKindsLegend} variant="unstyled">
          <Stack gap="xs">
            {KINDS.map((kind) => (
              <Checkbox
                key={kind.key}
                label={kind.label}
                checked={prefs[kind.key]}
                onChange={(event) => saveKind(kind.key, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>
      )}
      <Text id={statusId} size="sm" role="status" c={status?.error ? 'red.8' : 'dimmed'}>
        {status?.text ?? ''}
      </Text>
    </PushFrame>
  );
}

function PushFrame({ children }: { children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" component="section" aria-labelledby="push-title">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id="push-title">
            {messages.pushTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.pushText}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
