/**
 * The user's conditions on the home (spec 000 §2): whether the service conditions (the privacy consent
 * of `GET /api/user_privacy`) and the special agreements of the session (`conv_special_agreed`,
 * `eurete_cond_agreed`) are accepted, each with a link to its page when the user may open it.
 */
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatMessage, messages, type MessageKey } from '../../../shared/catalogues/account';
import type { RouteName } from '../../../../config/routes';
import { userPrivacyQueryOptions } from '../../api/query-options';
import { CREDIT_COLORS } from '../../components/credit-amount';
import { useRouteLinkProps } from '../../components/route-link';
import { canShowRoute, type MenuSession } from '../../engine/menu/menu-visibility';
import { useSessionStore } from '../../stores/session';

interface ConditionRow {
  key: string;
  label: MessageKey;
  accepted: boolean | undefined;
  route: RouteName;
  /** Shown only to users who may open the page (agreements of services they do not have are moot). */
  onlyWithRoute: boolean;
}

function ConditionLink({ route, label }: { route: RouteName; label: string }) {
  const link = useRouteLinkProps(route);
  return (
    <Anchor {...link} size="sm" fw={600} aria-label={formatMessage('conditionsOpenLabel', { name: label })}>
      {messages.conditionsOpen}
    </Anchor>
  );
}

export function UserConditions({ session }: { session: MenuSession }) {
  const infos = useSessionStore((state) => state.sessionInfos);
  const privacy = useQuery(userPrivacyQueryOptions());

  const rows: ConditionRow[] = [
    {
      key: 'service',
      label: 'conditionsService',
      accepted: privacy.isPending ? undefined : privacy.data?.privacy_servizio === true,
      route: 'cond-servizio',
      onlyWithRoute: false,
    },
    {
      // The privacy notice is accepted with the service conditions, in the same consent (issue 15).
      key: 'privacy',
      label: 'consentPrivacyTitle',
      accepted: privacy.isPending ? undefined : privacy.data?.privacy_servizio === true,
      route: 'cond-privacy',
      onlyWithRoute: false,
    },
    {
      key: 'special',
      label: 'conditionsSpecial',
      accepted: infos.conv_special_agreed,
      route: 'home-fornitori',
      onlyWithRoute: true,
    },
    {
      key: 'eurete',
      label: 'conditionsEurete',
      accepted: infos.eurete_cond_agreed,
      route: 'conv-eurete-buoni',
      onlyWithRoute: true,
    },
  ];

  return (
    <Card withBorder radius="lg" padding="lg" shadow="xs" data-testid="user-conditions">
      <Title order={2} size="h4" mb="md">
        {messages.conditionsTitle}
      </Title>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => {
          const canOpen = canShowRoute(row.route, session);
          if (row.onlyWithRoute && !canOpen) return null;
          const label = messages[row.label];
          return (
            <Group
              key={row.key}
              component="li"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid={`condition-${row.key}`}
            >
              {row.accepted ? (
                <IconCircleCheck size={22} color="var(--mantine-color-green-8)" aria-hidden="true" />
              ) : (
                <IconCircleDashed size={22} color="var(--mantine-color-gray-6)" aria-hidden="true" />
              )}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                {row.accepted === undefined ? (
                  <Skeleton height={12} width={90} mt={4} aria-hidden="true" />
                ) : (
                  <Text
                    size="sm"
                    c={row.accepted ? CREDIT_COLORS.positive : 'dimmed'}
                    data-testid="condition-status"
                  >
                    {row.accepted ? messages.conditionsAccepted : messages.conditionsNotAccepted}
                  </Text>
                )}
              </Stack>
              {canOpen && <ConditionLink route={row.route} label={label} />}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
