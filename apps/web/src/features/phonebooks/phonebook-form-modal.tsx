// 'Create New Phonebook' and 'Edit Phonebook' (spec §2, §5, §8): name required, description
// optional; the edit dialog also deletes, after asking.
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { CONTACT_LIMITS } from '@kurir/core/contacts-import';
import { phonebookBodySchema, type Phonebook, type PhonebookBody } from '@kurir/core/schemas/phonebooks';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useCreatePhonebook } from './api/create-phonebook';
import { useDeletePhonebook } from './api/delete-phonebook';
import { useUpdatePhonebook } from './api/update-phonebook';
import { DeleteFooter } from './confirm-delete';

type Props = { opened: boolean; onClose: () => void; phonebook?: Phonebook | null };

/** Mounted fresh for each opening (see the key below), so its fields start from the phonebook. */
function PhonebookForm({ phonebook, onClose }: { phonebook: Phonebook | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: phonebook?.name ?? '', description: phonebook?.description ?? '' },
    ...schemaForm(phonebookBodySchema),
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const create = useCreatePhonebook();
  const update = useUpdatePhonebook();
  const remove = useDeletePhonebook();
  const busy = create.isPending || update.isPending || remove.isPending;

  function submit(body: PhonebookBody) {
    if (phonebook) {
      update.mutate(
        { id: phonebook.id, body },
        {
          onSuccess: () => {
            toast.success('Phonebook updated');
            onClose();
          },
          onError: (error) => toast.error('Error', errorDetail(error) || 'Failed to update phonebook'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success('Phonebook created');
          onClose();
        },
        onError: (error) => toast.error('Error', errorDetail(error) || 'Failed to create phonebook'),
      });
    }
  }

  function deletePhonebook() {
    if (!phonebook) return;
    remove.mutate(phonebook.id, {
      onSuccess: () => {
        toast.success('Phonebook deleted');
        onClose();
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error('Error', errorDetail(error) || 'Failed to delete phonebook');
      },
    });
  }

  const contacts = phonebook?.contact_count ?? 0;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          placeholder="e.g. Customers"
          required
          data-autofocus
          maxLength={CONTACT_LIMITS.name}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="Optional"
          placeholder="What is this list for?"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={CONTACT_LIMITS.description}
          {...form.getInputProps('description')}
        />
      </Stack>
      {phonebook ? (
        <DeleteFooter
          confirming={confirmingDelete}
          question={
            contacts > 0
              ? `Delete this phonebook and its ${contacts} ${contacts === 1 ? 'contact' : 'contacts'}?`
              : 'Delete this phonebook?'
          }
          deleting={remove.isPending}
          disabled={busy}
          saving={update.isPending}
          onAsk={() => setConfirmingDelete(true)}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={deletePhonebook}
        />
      ) : (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Phonebook
          </Button>
        </Group>
      )}
    </form>
  );
}

export function PhonebookFormModal({ opened, onClose, phonebook = null }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={phonebook ? 'Edit Phonebook' : 'Create New Phonebook'}
      fullScreen={phone}
      centered
    >
      <PhonebookForm key={phonebook?.id ?? 'new'} phonebook={phonebook} onClose={onClose} />
    </Modal>
  );
}
