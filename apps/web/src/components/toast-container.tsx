// Mantine's notification container, in a module of its own so ToastHost can load it lazily (a
// dynamic import of '@mantine/notifications' itself would land in the chunk that already holds
// the toast store, which every page loads).
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@kurir/core/constants';

export function ToastContainer() {
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" />;
}
