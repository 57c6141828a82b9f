/**
 * A light alert box for the public pages (login, links, password): the look of Mantine's light
 * Alert without its close button and extra code, so the login route stays within its budget.
 */
import type { ReactNode } from 'react';
import classes from './notice.module.css';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'success';

export interface NoticeProps {
  tone: NoticeTone;
  icon?: ReactNode;
  children: ReactNode;
  /** `alert` for errors and warnings (announced at once), `status` for the rest. */
  role?: 'alert' | 'status';
}

export function Notice({
  tone,
  icon,
  children,
  role = tone === 'danger' || tone === 'warning' ? 'alert' : 'status',
}: NoticeProps) {
  return (
    <div className={classes.notice} data-tone={tone} role={role}>
      {icon && (
        <span className={classes.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <div className={classes.body}>{children}</div>
    </div>
  );
}
