/**
 * "My credit" (spec 000 §2): opened by click, total and ART 51 C.3 credit, what expires next (issue 28),
 * link to the history.
 */
import { Button, Popover, Stack, Text, Title } from '@mantine/core';
import { IconHistory, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/catalogues/account';
import { creditQueryOptions } from '../../api/query-options';
import { CreditExpiryForecast } from '../../components/credit-expiry-forecast';
import { CreditSummary } from '../../components/credit-summary';
import { useRouteLinkProps } from '../../components/route-link';
import { useSessionStore } from '../../stores/session';
import classes from './shell.module.css';

export function CreditPopover() {
  const [opened, setOpened] = useState(false);
  const storedCredit = useSessionStore((state) => state.user?.user_credito);
  // Fresh figures each time the popover opens; the session's copy is shown meanwhile or on failure.
  const creditQuery = useQuery({ ...creditQueryOptions(), enabled: opened });
  const credit = creditQuery.data ?? storedCredit;
  const history = useRouteLinkProps('dashmovimenti');

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      width={300}
      trapFocus
    >
      <Popover.Target>
        <button
          type="button"
          className={`${classes.navButton} ${classes.navButtonOutlined}`}
          aria-label={messages.navMyCredit}
          onClick={() => setOpened((value) => !value)}
        >
          <IconWallet size={21} stroke={1.8} aria-hidden="true" />
          <span className={classes.navLabel}>{messages.navMyCredit}</span>
        </button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {messages.navMyCredit}
          </Title>
          <CreditSummary credit={credit} loading={creditQuery.isFetching} />
          {creditQuery.isError && (
            <Text size="xs" c="dimmed">
              {messages.navCreditUnavailable}
            </Text>
          )}
          <CreditExpiryForecast enabled={opened} />
          <Button
            component="a"
            href={history.href}
            onClick={(event) => {
              setOpened(false);
              history.onClick(event);
            }}
            variant="light"
            leftSection={<IconHistory size={18} aria-hidden="true" />}
            fullWidth
          >
            {messages.navMovements}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
