/**
 * The authenticated layout: navbar, content, footer (mobile first, compact below 48em), and the
 * consent check of the session (privacy and code-of-conduct modals).
 */
import { Alert, AppShell, Container } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, Outlet } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { messages } from '../../../shared/catalogues/account';
import { QueryProvider } from '../../components/query-provider';
import { useSkinStore } from '../../stores/skin';
import { AppFooter } from './app-footer';
import { ConsentGate } from './consent-gate';
import { CreditPopover } from './credit-popover';
import { ExitButton, OfficeSwitch, UserLink } from './navbar-actions';
import { NotificationBell } from './notification-bell';
import classes from './shell.module.css';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus();
  main?.scrollIntoView();
}

export function AppShellLayout() {
  const skin = useSkinStore((state) => state.skin);
  const loadFailed = useSkinStore((state) => state.loadFailed);

  return (
    <QueryProvider>
      <AppShell header={{ height: { base: 56, sm: 64 } }} padding={0} withBorder={false}>
        <a href="#main-content" className="skip-link" onClick={focusMain}>
          {messages.skipToContent}
        </a>
        <AppShell.Header className={classes.header}>
          <nav className={classes.bar} aria-label={messages.navMainMenu}>
            <Link to="/menu" className={classes.logoLink} aria-label={messages.navHome}>
              {skin.navbar_logo ? (
                <img src={skin.navbar_logo} alt="" className={classes.logo} />
              ) : (
                <span>{skin.display_name}</span>
              )}
            </Link>
            <UserLink />
            <NotificationBell />
            <CreditPopover />
            <OfficeSwitch />
            <ExitButton />
          </nav>
        </AppShell.Header>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <div className={classes.content}>
            {loadFailed && (
              <Container size="lg" pt="md">
                <Alert
                  color="orange"
                  variant="light"
                  icon={<IconAlertTriangle aria-hidden="true" />}
                  role="alert"
                >
                  {messages.colorMapLoadFailed}
                </Alert>
              </Container>
            )}
            <Outlet />
          </div>
          <AppFooter />
        </AppShell.Main>
      </AppShell>
      <ConsentGate />
    </QueryProvider>
  );
}
