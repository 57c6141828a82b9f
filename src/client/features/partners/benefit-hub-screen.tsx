/**
 * benefit-hub (spec 002 §2.7, §9; config/partners.ts `benefitHub`): the discount portal page. The
 * customer code (from `GET /api/benefit_hub`) is copied with one click and a toast says so, hiding after
 * 1500 ms; the tutorial video plays in a modal; the subscribe button opens the benefit hub in a new tab.
 * A customer whose code the installation has not set sees that it is not available, with nothing to copy.
 */
import {
  Alert,
  Button,
  Card,
  Code,
  Container,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCopy, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formMessages } from '../../../../config/messages-forms.it';
import { benefitHub, partnerTitle } from '../../../../config/partners';
import { benefitHubQueryOptions } from '../../api/query-options';
import { withOverlays } from '../../components/overlay-host';
import { openInNewTab } from '../../engine/partner/handoff';

async function copyCode(code: string): Promise<void> {
  const { notifications } = await withOverlays();
  try {
    await navigator.clipboard.writeText(code);
    notifications.show({
      id: 'benefit-hub-copied',
      color: 'green',
      message: formMessages.formBenefitHubCopied,
      autoClose: benefitHub.copyToastMs,
    });
  } catch {
    notifications.show({
      id: 'benefit-hub-copy-failed',
      color: 'red',
      message: formMessages.formBenefitHubCopyFailed,
      autoClose: 15_000,
      withCloseButton: true,
    });
  }
}

/** The captions of a video: beside it, with the .vtt extension. */
export function captionsOf(video: string): string {
  return `${video.replace(/\.[a-z0-9]+$/i, '')}.vtt`;
}

/**
 * The tutorial and subscribe buttons: each only when the installation has its address (an unset one
 * hides its button rather than lead nowhere).
 */
function HubLinks({ subscribe, video }: { subscribe: string | null; video: string | null }) {
  const [playing, setPlaying] = useState(false);
  if (!subscribe && !video) return null;
  return (
    <>
      <Group gap="sm">
        {video && (
          <Button
            variant="default"
            leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
            onClick={() => setPlaying(true)}
            data-testid="benefit-hub-tutorial"
          >
            {formMessages.formTutorialBanner}
          </Button>
        )}
        {subscribe && (
          <Button
            rightSection={<IconExternalLink size={18} aria-hidden="true" />}
            onClick={() => openInNewTab(new URL(subscribe, window.location.href).toString())}
            data-testid="benefit-hub-subscribe"
          >
            {formMessages.formBenefitHubSubscribe}
          </Button>
        )}
      </Group>
      {video && (
        <Modal
          opened={playing}
          onClose={() => setPlaying(false)}
          title={formMessages.formBenefitHubTutorialTitle}
          size="lg"
          centered
        >
          <video
            controls
            preload="metadata"
            src={video}
            style={{ width: '100%' }}
            data-testid="benefit-hub-video"
          >
            {/* Captions are published beside the video, same name with .vtt. */}
            <track kind="captions" srcLang="it" label="Italiano" src={captionsOf(video)} />
            <a href={video} target="_blank" rel="noopener noreferrer">
              {formMessages.formBenefitHubVideoFallback}
            </a>
          </video>
        </Modal>
      )}
    </>
  );
}

/** The customer's code with its copy button; not set yet: a note instead (nothing to copy). */
function CustomerCode({ code }: { code: string | null }) {
  if (code === null)
    return (
      <Alert color="gray" data-testid="benefit-hub-code-unavailable">
        {formMessages.formBenefitHubCodeUnavailable}
      </Alert>
    );
  return (
    <Stack gap={4}>
      <Text fw={600} id="benefit-hub-code-label">
        {formMessages.formBenefitHubCodeLabel}
      </Text>
      <Group gap="sm">
        <Code fz="lg" aria-labelledby="benefit-hub-code-label" data-testid="benefit-hub-code">
          {code}
        </Code>
        <Button
          variant="light"
          leftSection={<IconCopy size={18} aria-hidden="true" />}
          onClick={() => void copyCode(code)}
          data-testid="benefit-hub-copy"
        >
          {formMessages.formBenefitHubCopy}
        </Button>
      </Group>
    </Stack>
  );
}

export function BenefitHubScreen() {
  const query = useQuery(benefitHubQueryOptions());

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Stack gap="md">
          <Title order={1} size="h2">
            {partnerTitle(benefitHub)}
          </Title>
          <Text>{formMessages.formBenefitHubIntro}</Text>
          {query.isPending && <Loader aria-label={formMessages.formLoading} />}
          {query.isError && (
            <Alert color="red" role="alert">
              {formMessages.formBenefitHubLoadError}
            </Alert>
          )}
          {query.data && (
            <>
              <CustomerCode code={query.data.codice_cliente} />
              <HubLinks subscribe={query.data.url_iscrizione} video={query.data.url_video} />
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
