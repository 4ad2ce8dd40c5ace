// Toasts: one at a time (spec §8). Notifications also has limit={1}, but that queues the next
// toast behind the current one; the newest news is what matters, so a new toast replaces the old.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@kurir/core/constants';

type ToastInput = { title: string; message?: string };

function show(color: 'teal' | 'red' | 'blue', { title, message }: ToastInput) {
  notifications.clean();
  notifications.show({
    title: message ? title : undefined,
    message: message ?? title,
    color,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

export const toast = {
  success: (title: string, message?: string) => show('teal', { title, message }),
  error: (title: string, message?: string) => show('red', { title, message }),
  info: (title: string, message?: string) => show('blue', { title, message }),
};
