// Delete with the spec's confirmation and toasts (admin spec §2, §8): asked in a dialog, then
// 'Success / Scheduled message deleted successfully', or 'Error / …'. The refund shows in the
// user's transactions.
import { modals } from '@mantine/modals';
import { ADMIN_SCHEDULED_MESSAGES, type AdminScheduledMessage } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
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
          onSuccess: () => toast.success(ADMIN_SCHEDULED_MESSAGES.deletedTitle, ADMIN_SCHEDULED_MESSAGES.deleted),
          onError: (error) =>
            toast.error(ADMIN_SCHEDULED_MESSAGES.deleteFailedTitle, serverMessageOr(error, ADMIN_SCHEDULED_MESSAGES.deleteFailed)),
        }),
    });
  }

  return { ask, deletingId: remove.isPending ? (remove.variables ?? null) : null };
}
