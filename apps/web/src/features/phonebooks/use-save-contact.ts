// What the contact dialog does (spec §7, §8): add or update the contact, or delete it after
// asking; each with the spec's toasts, closing the dialog on success.
import { useState } from 'react';
import type { ContactBody, PhonebookEntry } from '@kurir/core';
import { errorDetail } from '../../lib/api';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useCreateEntry } from './api/create-entry';
import { useDeleteEntry } from './api/delete-entry';
import { useUpdateEntry } from './api/update-entry';

export function useSaveContact(phonebookId: string, entry: PhonebookEntry | null, onClose: () => void) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const add = useCreateEntry();
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const addOnce = useSingleSubmit(add);
  const updateOnce = useSingleSubmit(update);
  const removeOnce = useSingleSubmit(remove);

  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const failed = (title: string) => (error: unknown) => toast.error(title, errorDetail(error) || undefined);

  function save(body: ContactBody) {
    if (entry) {
      updateOnce({ phonebookId, entryId: entry.id, body }, { onSuccess: done('Contact updated'), onError: failed('Failed to update contact') });
    } else {
      addOnce({ phonebookId, body }, { onSuccess: done('Contact added'), onError: failed('Failed to add contact') });
    }
  }

  function deleteContact() {
    if (!entry) return;
    removeOnce(
      { phonebookId, entryId: entry.id },
      {
        onSuccess: done('Contact deleted'),
        onError: (error) => {
          setConfirmingDelete(false);
          failed('Failed to delete contact')(error);
        },
      },
    );
  }

  return {
    save,
    deleteContact,
    confirmingDelete,
    setConfirmingDelete,
    adding: add.isPending,
    updating: update.isPending,
    deleting: remove.isPending,
    busy: add.isPending || update.isPending || remove.isPending,
  };
}
