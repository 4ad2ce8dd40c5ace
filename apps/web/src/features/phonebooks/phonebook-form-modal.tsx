// 'Create New Phonebook' and 'Edit Phonebook' (spec §2, §5, §8): name required, description
// optional; the edit dialog also deletes, after asking.
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { CONTACT_LIMITS } from '@kurir/core/contacts-import';
import { phonebookBodySchema, type Phonebook } from '@kurir/core/schemas/phonebooks';
import { schemaForm } from '../../lib/form';
import { DeleteFooter } from './confirm-delete';
import { useSavePhonebook } from './use-save-phonebook';

type Props = { opened: boolean; onClose: () => void; phonebook?: Phonebook | null };

/** Mounted fresh for each opening (see the key below), so its fields start from the phonebook. */
function PhonebookForm({ phonebook, onClose }: { phonebook: Phonebook | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: phonebook?.name ?? '', description: phonebook?.description ?? '' },
    ...schemaForm(phonebookBodySchema),
  });
  const actions = useSavePhonebook(phonebook, onClose);

  const contacts = phonebook?.contact_count ?? 0;
  return (
    <form onSubmit={form.onSubmit(actions.save)} noValidate>
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
          confirming={actions.confirmingDelete}
          question={
            contacts > 0
              ? `Delete this phonebook and its ${contacts} ${contacts === 1 ? 'contact' : 'contacts'}?`
              : 'Delete this phonebook?'
          }
          deleting={actions.deleting}
          disabled={actions.busy}
          saving={actions.updating}
          onAsk={() => actions.setConfirmingDelete(true)}
          onCancel={() => actions.setConfirmingDelete(false)}
          onConfirm={actions.deletePhonebook}
        />
      ) : (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={actions.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={actions.creating}>
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
