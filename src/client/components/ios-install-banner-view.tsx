import { Affix, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShare2 } from '@tabler/icons-react';
import { messages } from '../../shared/catalogues/first-paint';

/** "Tap Share, then Add to Home Screen" (spec 000 §1). */
export default function IosInstallBannerView({ onClose }: { onClose: () => void }) {
  return (
    <Affix position={{ bottom: 12, left: 12, right: 12 }} zIndex={400}>
      <Paper
        shadow="lg"
        radius="md"
        p="md"
        withBorder
        role="region"
        aria-label={messages.iosInstallTitle}
        maw={520}
        mx="auto"
        data-testid="ios-install-banner"
      >
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden="true">
            <IconShare2 size={20} />
          </ThemeIcon>
          <Stack gap={2} style={{ flex: 1 }}>
            <Text fw={700}>{messages.iosInstallTitle}</Text>
            <Text size="sm">{messages.iosInstallText}</Text>
          </Stack>
          <CloseButton aria-label={messages.close} onClick={onClose} />
        </Group>
      </Paper>
    </Affix>
  );
}
