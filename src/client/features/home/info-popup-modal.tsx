/**
 * The info popup's modal (its own chunk with DOMPurify, loaded only when a popup is to be shown):
 * sanitized HTML and an Ok button, no other way to close it.
 */
import { Button, Group, Stack } from '@mantine/core';
import { messages } from '../../../../config/messages-account.it';
import { withOverlays } from '../../components/overlay-host';
import { isBlankHtml, SafeHtml, sanitizeHtml } from '../../components/safe-html';

export const INFO_POPUP_MODAL_ID = 'info-popup';

/** Opens the popup; false (and nothing shown) when the sanitized content shows nothing. */
export async function openInfoPopup(html: string): Promise<boolean> {
  const clean = sanitizeHtml(html);
  if (isBlankHtml(clean)) return false;
  const { modals } = await withOverlays();
  modals.open({
    modalId: INFO_POPUP_MODAL_ID,
    title: messages.infoPopupTitle,
    centered: true,
    size: 'lg',
    closeOnEscape: false,
    closeOnClickOutside: false,
    withCloseButton: false,
    children: (
      <Stack gap="md">
        <SafeHtml html={clean} data-testid="info-popup-content" />
        <Group justify="flex-end">
          <Button onClick={() => modals.close(INFO_POPUP_MODAL_ID)} data-autofocus miw={96}>
            {messages.ok}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return true;
}
