// Toasts: one at a time (spec §8). Notifications also has limit={1}, but that queues the next
// toast behind the current one; the newest news is what matters, so a new toast replaces the old.
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@kurir/core/constants';

type ToastInput = { title: string; message?: string; durationMs?: number };

function show(color: 'teal' | 'red' | 'blue', { title, message, durationMs = TOAST_DURATION_MS }: ToastInput) {
  notifications.clean();
  notifications.show({
    title: message ? title : undefined,
    message: message ?? title,
    color,
    autoClose: durationMs,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

export const toast = {
  success: (title: string, message?: string) => show('teal', { title, message }),
  error: (title: string, message?: string) => show('red', { title, message }),
  info: (title: string, message?: string) => show('blue', { title, message }),
  /** A short note that work has started (the admin's SMS being sent: admin spec §9, 2 s). */
  progress: (title: string, durationMs: number) => show('blue', { title, durationMs }),
};
