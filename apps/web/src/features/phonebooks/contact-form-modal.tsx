// 'Add Contact' and 'Edit Contact' (spec §2, §5, §8). Core's contact schema checks the fields and
// normalises the number (core normalizePhone: digits and plus only, 00 → +) before it is sent.
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTACT_LIMITS } from '@kurir/core/contacts-import';
import { contactBodySchema, type ContactBody, type PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { toast } from '../../lib/toast';
import { useCreateEntry } from './api/create-entry';
import { useDeleteEntry } from './api/delete-entry';
import { useUpdateEntry } from './api/update-entry';
import { DeleteFooter } from './confirm-delete';

type FormProps = { phonebookId: string; entry: PhonebookEntry | null; onClose: () => void };

function ContactForm({ phonebookId, entry, onClose }: FormProps) {
  const form = useForm({
    initialValues: {
      name: entry?.name ?? '',
      phone_number: entry?.phone_number ?? '',
      email: entry?.email ?? '',
      notes: entry?.notes ?? '',
    },
    ...schemaForm(contactBodySchema),
  });
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const add = useCreateEntry();
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const busy = add.isPending || update.isPending || remove.isPending;
  const field = (name: 'name' | 'phone_number' | 'email' | 'notes') => form.getInputProps(name);

  function submit(body: ContactBody) {
    if (entry) {
      update.mutate(
        { phonebookId, entryId: entry.id, body },
        {
          onSuccess: () => {
            toast.success('Contact updated');
            onClose();
          },
          onError: (error) => toast.error('Failed to update contact', errorDetail(error) || undefined),
        },
      );
    } else {
      add.mutate({ phonebookId, body }, {
        onSuccess: () => {
          toast.success('Contact added');
          onClose();
        },
        onError: (error) => toast.error('Failed to add contact', errorDetail(error) || undefined),
      });
    }
  }

  function deleteContact() {
    if (!entry) return;
    remove.mutate({ phonebookId, entryId: entry.id }, {
      onSuccess: () => {
        toast.success('Contact deleted');
        onClose();
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error('Failed to delete contact', errorDetail(error) || undefined);
      },
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required data-autofocus maxLength={CONTACT_LIMITS.name} autoComplete="off" {...field('name')} />
        <TextInput
          label="Phone Number"
          description="Include country code (e.g., +386 or 00386)"
          placeholder="+386 40 123 456"
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={CONTACT_LIMITS.phone}
          leftSection={<IconDeviceMobile size={16} aria-hidden />}
          {...field('phone_number')}
        />
        <TextInput
          label="Email (Optional)"
          type="email"
          autoComplete="off"
          maxLength={CONTACT_LIMITS.email}
          leftSection={<IconMail size={16} aria-hidden />}
          {...field('email')}
        />
        <Textarea label="Notes (Optional)" autosize minRows={2} maxRows={5} maxLength={CONTACT_LIMITS.notes} {...field('notes')} />
      </Stack>
      {entry ? (
        <DeleteFooter
          confirming={confirmingDelete}
          question="Delete this contact?"
          deleting={remove.isPending}
          disabled={busy}
          saving={update.isPending}
          onAsk={() => setConfirmingDelete(true)}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={deleteContact}
        />
      ) : (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add Contact
          </Button>
        </Group>
      )}
    </form>
  );
}

export function ContactFormModal({
  opened,
  onClose,
  phonebookId,
  entry,
}: {
  opened: boolean;
  onClose: () => void;
  phonebookId: string;
  entry: PhonebookEntry | null;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={entry ? 'Edit Contact' : 'Add Contact'} fullScreen={phone} centered>
      <ContactForm key={entry?.id ?? 'new'} phonebookId={phonebookId} entry={entry} onClose={onClose} />
    </Modal>
  );
}
