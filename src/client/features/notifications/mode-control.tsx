import { SegmentedControl } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import type { NotificationMode } from '../../api/types';

/** Received or sent notifications. */
export function ModeControl({
  value,
  onChange,
}: {
  value: NotificationMode;
  onChange: (mode: NotificationMode) => void;
}) {
  return (
    <SegmentedControl
      aria-label={messages.inboxModeLabel}
      value={value}
      onChange={(next) => onChange(next === 'inviati' ? 'inviati' : 'ricevuti')}
      data={[
        { value: 'ricevuti', label: messages.inboxReceived },
        { value: 'inviati', label: messages.inboxSent },
      ]}
    />
  );
}
