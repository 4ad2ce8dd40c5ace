// The first stop of the Tab key on every page: jumps past the header and navigation to the
// page's main content (WCAG 2.4.1). Visible only while it has focus.
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
