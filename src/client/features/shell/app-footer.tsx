import { formatMessage } from '../../../shared/catalogues/first-paint';
import { useSkinStore } from '../../stores/skin';
import classes from './shell.module.css';

/** Footer (spec 000 §2): the copyright from 2020 to the current year, and the skin's text. */
export function AppFooter() {
  const footerText = useSkinStore((state) => state.skin.footer_text);
  return (
    <footer className={classes.footer}>
      <div className={classes.footerInner}>
        <p>{formatMessage('footerCopyright', { year: new Date().getFullYear() })}</p>
        {footerText && <p>{footerText}</p>}
      </div>
    </footer>
  );
}
