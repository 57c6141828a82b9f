import { Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMessage, messages } from '../../../../config/messages.it';
import { notificationCountsQueryOptions } from '../../api/query-options';
import { useRouteLinkProps } from '../../components/route-link';
import classes from './shell.module.css';

/** Bell tooltips (spec 000 §8): none, one, N new notifications. */
export function bellLabel(count: number): string {
  if (count <= 0) return messages.bellNone;
  if (count === 1) return messages.bellOne;
  return formatMessage('bellMany', { n: count });
}

/** The bell with the count of new received notifications; it leads to site-notifiche. */
export function NotificationBell() {
  const { data } = useQuery(notificationCountsQueryOptions());
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
          offset={3}
          aria-hidden="true"
        >
          <IconBell size={22} stroke={1.8} aria-hidden="true" />
        </Indicator>
      </a>
    </Tooltip>
  );
}
