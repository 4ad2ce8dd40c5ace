// A dialog whose code (its form, the schema it validates with, the modal itself) downloads when it
// is first opened, not with the page: most visits to a page never open its dialogs. Once loaded it
// stays mounted, so it opens and closes with its transitions from then on.
//
//   const PhonebookFormModal = lazyDialog(() => import('./phonebook-form-modal').then((m) => m.PhonebookFormModal));
//   <PhonebookFormModal opened={open} onClose={close} phonebook={p} />
//
// A dialog that is open when some prop is set (`product={selected}`) says so with `isOpen`.
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function lazyDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean = (props) => (props as { opened?: boolean }).opened === true,
) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: Props) {
    const open = isOpen(props);
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
