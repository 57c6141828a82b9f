/** The skinned card of the public pages: login logo, the colour-map alert, the page content. */
import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMessage, messages } from '../../../shared/catalogues/first-paint';
import { Notice } from '../../components/notice';
import { useSkinStore } from '../../stores/skin';
import classes from './public-card.module.css';

export function PublicCard({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const skin = useSkinStore((state) => state.skin);
  const loadFailed = useSkinStore((state) => state.loadFailed);
  const year = new Date().getFullYear();

  return (
    <Box className={classes.page}>
      <Center component="main" id="main-content" className={classes.main}>
        <Stack w="100%" maw={width} gap="md">
          {loadFailed && (
            <Notice tone="warning" icon={<IconAlertTriangle />}>
              {messages.colorMapLoadFailed}
            </Notice>
          )}
          <Paper className={classes.card} shadow="md" radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder>
            <Stack gap="lg">
              {skin.login_logo ? (
                <img src={skin.login_logo} alt={skin.display_name} className={classes.logo} />
              ) : (
                <Box h={72} aria-hidden="true" />
              )}
              {children}
            </Stack>
          </Paper>
          <Text size="xs" ta="center" c="dimmed" component="p" m={0}>
            {formatMessage('footerCopyright', { year })}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
