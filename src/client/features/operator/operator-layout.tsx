/**
 * The operator console's layout (issue 26): its own header, not the employee shell, because an
 * operator's session may call only the console's APIs (no notification polling, consent modals or
 * credit widgets). "Console operatore", the operator's name (`GET /api/operatore/profilo`), the links
 * Richieste / Pagamenti / Importazioni / Piattapasto / Fornitori / Codici buoni / Registro (one row that
 * scrolls sideways when it does not fit, e.g. on phones) and Esci (sign-out, then the operators' sign-in page).
 */
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { messages } from '../../../shared/catalogues/tables';
import { QueryProvider } from '../../components/query-provider';
import { useSessionStore } from '../../stores/session';
import classes from './operator.module.css';
import { operatorProfileQueryOptions } from './operator-api';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus();
  main?.scrollIntoView();
}

function OperatorName() {
  const profile = useQuery(operatorProfileQueryOptions());
  const anag = useSessionStore((state) => state.user?.user_anag);
  const name = profile.data
    ? `${profile.data.nome} ${profile.data.cognome}`.trim()
    : anag
      ? `${anag.nome} ${anag.cognome}`.trim()
      : '';
  return (
    <span className={classes.who} data-testid="operator-name">
      {name}
    </span>
  );
}

function ExitButton() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const exit = async () => {
    setLeaving(true);
    await useSessionStore.getState().logout();
    await navigate({ to: '/operatore/accesso', search: { loggingout: 1 } });
  };
  return (
    <button type="button" className={classes.exit} disabled={leaving} onClick={() => void exit()}>
      <IconLogout size={20} stroke={1.8} aria-hidden="true" />
      {messages.navExit}
    </button>
  );
}

export function OperatorLayout() {
  return (
    <QueryProvider>
      <a href="#main-content" className="skip-link" onClick={focusMain}>
        {messages.skipToContent}
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <p className={classes.title}>{messages.opConsoleTitle}</p>
          <OperatorName />
          <ExitButton />
          <nav className={classes.nav} aria-label={messages.opNavLabel}>
            <Link to="/operatore" className={classes.link} activeOptions={{ exact: true }}>
              {messages.opNavQueue}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-pagamenti' }} className={classes.link}>
              {messages.opNavPayouts}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-importazioni' }} className={classes.link}>
              {messages.importJobsTitle}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-piattapasto' }} className={classes.link}>
              {messages.piattaTitle}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-fornitori' }} className={classes.link}>
              {messages.opNavSuppliers}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-codici' }} className={classes.link}>
              {messages.opNavCodes}
            </Link>
            <Link to="/operatore/$page" params={{ page: 'operatore-registro' }} className={classes.link}>
              {messages.opNavAudit}
            </Link>
          </nav>
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </QueryProvider>
  );
}
