/**
 * Home (route menu, spec 000 §2): greeting, the carousel, the menu of config/menu.ts (rendered by the
 * menu engine, with the open subsection kept in the URL), the credit card, the user's conditions and,
 * once per session, the info popup.
 */
import { Card, Container, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { menu as menuConfig, type MenuConfig, type SubsectionKey } from '../../../../config/menu';
import { formatMessage, messages } from '../../../shared/catalogues/account';
import { creditQueryOptions } from '../../api/query-options';
import { CreditExpiryForecast } from '../../components/credit-expiry-forecast';
import { CreditSummary } from '../../components/credit-summary';
import { routePath } from '../../components/route-link';
import { MenuEngine } from '../../engine/menu/menu-engine';
import { findSubsection, visibleMenu, type MenuSession } from '../../engine/menu/menu-visibility';
import { useSessionStore } from '../../stores/session';
import type { CarouselCommand } from './carousel-action';
import { HomeCarousel } from './home-carousel';
import classes from './home-screen.module.css';
import { useInfoPopup } from './info-popup';
import { UserConditions } from './user-conditions';

export interface HomeScreenProps {
  /** The open menu subsection (search parameter `subsection`). */
  subsection?: string | undefined;
  onSubsectionChange: (key: SubsectionKey | undefined) => void;
  /** The menu to render (config/menu.ts unless a test gives another). */
  menu?: MenuConfig;
}

function useMenuSession(): MenuSession {
  const isLogged = useSessionStore((state) => state.isLogged);
  const userPerms = useSessionStore((state) => state.userPerms);
  const user = useSessionStore((state) => state.user);
  return useMemo(() => ({ isLogged, userPerms, user }), [isLogged, userPerms, user]);
}

export function HomeScreen({ subsection, onSubsectionChange, menu = menuConfig }: HomeScreenProps) {
  const router = useRouter();
  const session = useMenuSession();
  const user = useSessionStore((state) => state.user);
  const creditQuery = useQuery(creditQueryOptions());
  const credit = creditQuery.data ?? user?.user_credito;
  const name = user?.user_anag.nome ?? '';
  const menuRef = useRef<HTMLDivElement>(null);
  useInfoPopup();

  const runCarouselCommand = (command: CarouselCommand) => {
    switch (command.kind) {
      case 'route':
        router.history.push(routePath(command.routeName));
        return;
      case 'subsection':
        if (!findSubsection(visibleMenu(menu, session), command.key)) {
          console.warn('Carousel subsection not in the menu of this user: nothing done', command.key);
          return;
        }
        onSubsectionChange(command.key);
        menuRef.current?.scrollIntoView({ block: 'start' });
        return;
      case 'none':
        return;
    }
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {formatMessage('homeGreeting', { name })}
          </Title>
          <Text c="dimmed">{messages.homeIntro}</Text>
        </Stack>

        <HomeCarousel onCommand={runCarouselCommand} />

        <div className={classes.layout}>
          <div className={classes.menu} ref={menuRef}>
            <MenuEngine
              menu={menu}
              session={session}
              subsection={subsection}
              onSubsectionChange={onSubsectionChange}
            />
          </div>

          <Card withBorder radius="lg" padding="lg" shadow="xs" className={classes.credit}>
            <Group gap="sm" mb="md" wrap="nowrap">
              <ThemeIcon size="lg" radius="xl" variant="light" aria-hidden="true">
                <IconWallet size={20} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {messages.homeCreditTitle}
              </Title>
            </Group>
            <CreditSummary credit={credit} loading={creditQuery.isPending} />
            {creditQuery.isError && (
              <Text size="xs" c="dimmed" mt="sm">
                {messages.navCreditUnavailable}
              </Text>
            )}
            <Divider my="md" />
            <CreditExpiryForecast />
          </Card>

          <div className={classes.conditions}>
            <UserConditions session={session} />
          </div>
        </div>
      </Stack>
    </Container>
  );
}
