// A dialog whose code (its form, the schema it validates with, the modal itself) downloads when it
// is first opened, not with the page: most visits to a page never open its dialogs. Once loaded it
// stays mounted, so it opens and closes with its transitions from then on.
//
//   const PhonebookFormModal = lazyDialog(() => import('./phonebook-form-modal').then((m) => m.PhonebookFormModal));
//   <PhonebookFormModal opened={open} onClose={close} phonebook={p} />
//
// A dialog that is open when some prop is set (`product={selected}`) says so with `isOpen`.
//
// Mantine's modal returns the focus to what opened it only when it was mounted closed (it notes
// that element when `opened` changes), and not at all when that element is gone (the card of a
// phonebook just deleted). Here the first open mounts it open; so this notes the opener as each open
// begins and, after each close, gives the focus back to it, or to the page's heading when it has
// left the page or is disabled, unless the focus has already moved on.
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { focusPageHeading } from '../lib/route-focus';

/** Mantine's own wait before it returns the focus, so the closing modal has let it go. */
const RETURN_FOCUS_DELAY_MS = 10;

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean = (props) => (props as { opened?: boolean }).opened === true,
) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    const opener = useRef<HTMLElement | null>(null);
    const wasOpen = useRef(false);
    // Noted while rendering the open: by the time effects run, the modal's focus trap (a child's
    // effect, which runs first) may already have moved the focus inside it.
    if (open && !wasOpen.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    wasOpen.current = open;
    useEffect(() => {
      const element = opener.current;
      if (open || !element) return;
      opener.current = null;
      const atClose = document.activeElement;
      const timer = setTimeout(() => {
        const active = document.activeElement;
        if (active !== null && active !== document.body && active !== atClose) return;
        // Gone (a deleted item's button) or disabled (Send Now once the form is reset): the heading.
        if (element.isConnected && !element.matches(':disabled')) element.focus({ preventScroll: true });
        else focusPageHeading();
      }, RETURN_FOCUS_DELAY_MS);
      return () => clearTimeout(timer);
    }, [open]);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
