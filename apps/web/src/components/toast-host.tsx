// Where toasts appear. Mantine's notification container (with its transitions and swipe-to-close)
// is ~10 KB gzip that most page views never use, so it loads with the first toast: lib/toast.ts
// puts the toast in the store at once, and the container shows what the store holds when it mounts.
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastContainer = lazy(() => import('./toast-container').then((m) => ({ default: m.ToastContainer })));

export function ToastHost() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
