// What the phonebook dialog does (spec §7, §8): create or rename the phonebook, or delete it
// after asking; each with the spec's toasts, closing the dialog on success.
import { useState } from 'react';
import type { Phonebook, PhonebookBody } from '@kurir/core';
import { errorDetail } from '../../lib/api';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useCreatePhonebook } from './api/create-phonebook';
import { useDeletePhonebook } from './api/delete-phonebook';
import { useUpdatePhonebook } from './api/update-phonebook';

export function useSavePhonebook(phonebook: Phonebook | null, onClose: () => void) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const create = useCreatePhonebook();
  const update = useUpdatePhonebook();
  const remove = useDeletePhonebook();
  const createOnce = useSingleSubmit(create);
  const updateOnce = useSingleSubmit(update);
  const removeOnce = useSingleSubmit(remove);

  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  const failed = (fallback: string) => (error: unknown) => toast.error('Error', errorDetail(error) || fallback);

  function save(body: PhonebookBody) {
    if (phonebook) {
      updateOnce({ id: phonebook.id, body }, { onSuccess: done('Phonebook updated'), onError: failed('Failed to update phonebook') });
    } else {
      createOnce(body, { onSuccess: done('Phonebook created'), onError: failed('Failed to create phonebook') });
    }
  }

  function deletePhonebook() {
    if (!phonebook) return;
    removeOnce(phonebook.id, {
      onSuccess: done('Phonebook deleted'),
      onError: (error) => {
        setConfirmingDelete(false);
        failed('Failed to delete phonebook')(error);
      },
    });
  }

  return {
    save,
    deletePhonebook,
    confirmingDelete,
    setConfirmingDelete,
    creating: create.isPending,
    updating: update.isPending,
    deleting: remove.isPending,
    busy: create.isPending || update.isPending || remove.isPending,
  };
}
