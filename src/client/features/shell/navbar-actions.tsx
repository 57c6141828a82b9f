import { IconBriefcase, IconHome, IconLogout } from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { messages } from '../../../shared/catalogues/account';
import { isBackOfficePath } from '../../api/client';
import { useSessionStore } from '../../stores/session';
import classes from './shell.module.css';

function initials(nome: string, cognome: string): string {
  return `${nome.trim().charAt(0)}${cognome.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The user's name, linking to the profile (initials below the sm breakpoint). */
export function UserLink() {
  const anag = useSessionStore((state) => state.user?.user_anag);
  if (!anag) return null;
  const fullName = `${anag.nome} ${anag.cognome}`.trim();
  return (
    <Link
      to="/$page"
      params={{ page: 'user-profile' }}
      className={classes.navButton}
      aria-label={`${fullName} (${messages.navProfile})`}
    >
      <span className={classes.avatar} aria-hidden="true">
        {initials(anag.nome, anag.cognome)}
      </span>
      <span className={classes.navLabel}>{fullName}</span>
    </Link>
  );
}

/** Back Office / Front Office switch (spec 000 §2): referents only. */
export function OfficeSwitch() {
  const profile = useSessionStore((state) => state.user?.profile);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  if (profile !== 'ref_aziendale') return null;
  if (isBackOfficePath(pathname)) {
    return (
      <Link to="/menu" className={classes.navButton} aria-label={messages.navFrontOffice}>
        <IconHome size={21} stroke={1.8} aria-hidden="true" />
        <span className={classes.navLabel}>{messages.navFrontOffice}</span>
      </Link>
    );
  }
  return (
    <Link to="/backoffice-refazi" className={classes.navButton} aria-label={messages.navBackOffice}>
      <IconBriefcase size={21} stroke={1.8} aria-hidden="true" />
      <span className={classes.navLabel}>{messages.navBackOffice}</span>
    </Link>
  );
}

/** Exit (spec 000 §2): logs out, then the customer's login with the logging-out flag. */
export function ExitButton() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const exit = async () => {
    setLeaving(true);
    const { customer, logout } = useSessionStore.getState();
    await logout();
    await navigate({ to: '/login/$', params: { _splat: customer }, search: { loggingout: 1 } });
  };

  return (
    <button
      type="button"
      className={classes.navButton}
      aria-label={messages.navExit}
      disabled={leaving}
      onClick={() => void exit()}
    >
      <IconLogout size={21} stroke={1.8} aria-hidden="true" />
      <span className={classes.navLabel}>{messages.navExit}</span>
    </button>
  );
}
