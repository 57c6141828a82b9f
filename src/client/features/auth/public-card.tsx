/**
 * The skinned card of the public pages: login logo, the colour-map alert, the page content. Plain elements
 * with Mantine's theme variables (public-card.module.css) instead of Box, Center, Paper, Stack and Text: the
 * same look, about 0.5 KB less on the login route (issue 25's budget).
 */
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
    <div className={classes.page}>
      <main id="main-content" className={classes.main}>
        <div className={classes.column} style={{ maxWidth: width }}>
          {loadFailed && (
            <Notice tone="warning" icon={<IconAlertTriangle />}>
              {messages.colorMapLoadFailed}
            </Notice>
          )}
          <div className={classes.card}>
            {skin.login_logo ? (
              <img src={skin.login_logo} alt={skin.display_name} className={classes.logo} />
            ) : (
              <div className={classes.logoSpace} aria-hidden="true" />
            )}
            {children}
          </div>
          <p className={classes.footer}>{formatMessage('footerCopyright', { year })}</p>
        </div>
      </main>
    </div>
  );
}
