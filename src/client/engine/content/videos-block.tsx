/**
 * site-tutorial: the tutorial videos (`GET /api/static_links/tutorial`, every group) as cards, each
 * played in a modal. The demo's videos are served by this server, so they play without internet.
 */
import { Alert, Button, Card, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { tutorialLinksQueryOptions } from '../forms/form-queries';

interface Video {
  id: number;
  nome: string;
  descrizione: string;
  url: string;
}

/** Captions are published beside the video, same name with .vtt. */
const captionsOf = (url: string) => url.replace(/\.[a-z0-9]+(\?.*)?$/i, '.vtt');

export function VideosBlock() {
  const query = useQuery(tutorialLinksQueryOptions());
  const [playing, setPlaying] = useState<Video | null>(null);
  if (query.isPending) return <Loader aria-label={messages.loading} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {messages.contentLoadError}
      </Alert>
    );
  }
  const groups = query.data.filter((group) => group.links.length > 0);
  if (groups.length === 0) return <Text>{messages.contentVideosEmpty}</Text>;
  return (
    <Stack gap="xl">
      {groups.map((group) => (
        <Stack gap="sm" key={group.slug_name} component="section">
          <Title order={2} size="h4">
            {group.nome}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {group.links.map((video) => (
              <Card
                key={video.id}
                withBorder
                radius="lg"
                padding="md"
                shadow="xs"
                data-testid="tutorial-card"
              >
                <Stack gap="xs" h="100%" justify="space-between">
                  <Stack gap={4}>
                    <Text fw={600}>{video.nome}</Text>
                    <Text size="sm" c="dimmed">
                      {video.descrizione}
                    </Text>
                  </Stack>
                  <Button
                    variant="light"
                    leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
                    aria-label={formatMessage('contentVideoPlayNamed', { name: video.nome })}
                    onClick={() => setPlaying(video)}
                    w={{ base: '100%', xs: 'auto' }}
                  >
                    {messages.contentVideoPlay}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Modal
        opened={playing !== null}
        onClose={() => setPlaying(null)}
        title={playing?.nome}
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': messages.close }}
      >
        {playing && (
          <video
            controls
            autoPlay
            playsInline
            preload="metadata"
            src={playing.url}
            style={{ width: '100%', borderRadius: 8, background: '#000' }}
            data-testid="tutorial-video"
          >
            <track kind="captions" srcLang="it" label="Italiano" src={captionsOf(playing.url)} default />
            <a href={playing.url} target="_blank" rel="noopener noreferrer">
              {messages.contentVideoFallback}
            </a>
          </video>
        )}
      </Modal>
    </Stack>
  );
}
