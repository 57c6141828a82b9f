import { Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { screenConstants } from '../../../../config/screen-constants';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { notificationCountsQueryOptions } from '../../api/query-options';
import { useRouteLinkProps } from '../../components/route-link';
import { useSessionStore } from '../../stores/session';
import classes from './shell.module.css';

/** Bell tooltips (spec 000 §8): none, one, N new notifications. */
export function bellLabel(count: number): string {
  if (count <= 0) return messages.bellNone;
  if (count === 1) return messages.bellOne;
  return formatMessage('bellMany', { n: count });
}

/**
 * Polling of the counters (spec 000 §4 Notifications): at login (the shell mounts) and then every
 * `screenConstants.notificationPollingMs`, only while a session exists. Logout clears the session: the query
 * is disabled at once (no further call) and the cache reads zero (api/query-client.ts).
 */
export function useNotificationCounts() {
  const active = useSessionStore((state) => state.isLogged && state.token !== null);
  return useQuery({
    ...notificationCountsQueryOptions(),
    enabled: active,
    refetchInterval: active ? screenConstants.notificationPollingMs : false,
  });
}

/** The bell with the count of new received notifications; it leads to site-notifiche. */
export function NotificationBell() {
  const { data } = useNotificationCounts();
  const count = data?.ricevuti_new ?? 0;
  const label = bellLabel(count);
  const link = useRouteLinkProps('site-notifiche');

  return (
    <Tooltip label={label} withArrow openDelay={150}>
      <a {...link} className={classes.navButton} aria-label={`${messages.navNotifications}: ${label}`}>
        <Indicator
          disabled={count === 0}
          label={count > 99 ? '99+' : count}
          size={17}
          color="red.9"
          // A white ring keeps the count visible on red navbars (acme).
          withBorder
          offset={3}
          aria-hidden="true"
        >
          <IconBell size={22} stroke={1.8} aria-hidden="true" />
        </Indicator>
      </a>
    </Tooltip>
  );
}
