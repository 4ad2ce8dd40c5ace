// After a client-side navigation, move keyboard and screen-reader focus to the new page's heading
// (or its main region), as a full page load would start at the top. Not on the first load: the
// browser starts there anyway, and stealing focus would hide the skip link. Nor when the new page
// put focus in a field itself (autofocus).
import { useEffect, useRef } from 'react';

const WAIT_MS = 3000;

function focusTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
}

/** Focuses the page's heading (or its main region); where focus goes when what held it is gone. */
export function focusPageHeading(): void {
  const target = focusTarget();
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function useFocusOnNavigation(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Lazy pages and their data arrive after the URL changes: wait for the heading a little.
    const started = performance.now();
    let frame = 0;
    const tryFocus = () => {
      // A page that focused a field itself (the code on /verify) keeps it.
      const active = document.activeElement;
      if (active && active !== document.body && document.querySelector('main')?.contains(active)) return;
      const target = focusTarget();
      const heading = target?.tagName === 'H1';
      if (target && (heading || performance.now() - started > WAIT_MS)) {
        focusPageHeading();
        return;
      }
      if (performance.now() - started <= WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
