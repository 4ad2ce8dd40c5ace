// A dialog whose code (its form, the schema it validates with, the modal itself) downloads when it
// is first opened, not with the page: most visits to a page never open its dialogs. Once loaded it
// stays mounted, so it opens and closes with its transitions from then on.
//
//   const PhonebookFormModal = lazyDialog(() => import('./phonebook-form-modal').then((m) => m.PhonebookFormModal));
//   <PhonebookFormModal opened={open} onClose={close} phonebook={p} />
//
// A dialog that is open when some prop is set (`product={selected}`) says so with `isOpen`.
//
// Mantine's modal returns the focus to what opened it only when it was mounted closed: it notes
// that element when `opened` changes. Here the first open mounts it open, so this notes the
// element itself and, when that first open closes, puts the focus back (as the modal does later).
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';

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
    const firstOpen = useRef(true);
    useEffect(() => {
      if (!firstOpen.current) return;
      if (open) {
        opener.current ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
        return;
      }
      const element = opener.current;
      if (!element) return;
      firstOpen.current = false;
      // As Mantine does: unless the focus has moved on since the close (the closing modal may still hold it).
      const atClose = document.activeElement;
      const timer = setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body || active === atClose) element.focus({ preventScroll: true });
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
