// Delete with the spec's confirmation and toasts (admin spec §2, §8): asked in a dialog, then
// 'Success / Scheduled message deleted successfully' (and the refund), or 'Error / …'.
import { modals } from '@mantine/modals';
import { ADMIN_SCHEDULED_MESSAGES, eurosToMicros, formatEuros, type AdminScheduledMessage } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteAdminScheduled } from './api/delete-scheduled';

export function useDeleteScheduledWithConfirm() {
  const remove = useDeleteAdminScheduled();

  function ask(message: AdminScheduledMessage) {
    modals.openConfirmModal({
      title: 'Delete scheduled message',
      centered: true,
      children: ADMIN_SCHEDULED_MESSAGES.confirmDelete,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(message.id, {
          onSuccess: (reply) =>
            toast.success(
              ADMIN_SCHEDULED_MESSAGES.deletedTitle,
              `${ADMIN_SCHEDULED_MESSAGES.deleted}. ${formatEuros(eurosToMicros(reply.refunded), 2)} refunded to ${message.user_phone}.`,
            ),
          onError: (error) =>
            toast.error(ADMIN_SCHEDULED_MESSAGES.deleteFailedTitle, errorDetail(error) || ADMIN_SCHEDULED_MESSAGES.deleteFailed),
        }),
    });
  }

  return { ask, deletingId: remove.isPending ? (remove.variables ?? null) : null };
}
