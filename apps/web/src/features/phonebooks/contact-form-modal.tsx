// 'Add Contact' and 'Edit Contact' (spec §2, §5, §8). Core's contact schema checks the fields and
// normalises the number (core normalizePhone: digits and plus only, 00 → +) before it is sent.
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { CONTACT_LIMITS } from '@kurir/core/contacts-import';
import { contactBodySchema, type PhonebookEntry } from '@kurir/core/schemas/phonebooks';
import { schemaForm } from '../../lib/form';
import { DeleteFooter } from './confirm-delete';
import { useSaveContact } from './use-save-contact';

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
  const contact = useSaveContact(phonebookId, entry, onClose);

  return (
    <form onSubmit={form.onSubmit(contact.save)} noValidate>
      <ContactFields field={(name) => form.getInputProps(name)} />
      {entry ? (
        <DeleteFooter
          confirming={contact.confirmingDelete}
          question="Delete this contact?"
          deleting={contact.deleting}
          disabled={contact.busy}
          saving={contact.updating}
          onAsk={() => contact.setConfirmingDelete(true)}
          onCancel={() => contact.setConfirmingDelete(false)}
          onConfirm={contact.deleteContact}
        />
      ) : (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={contact.busy}>
            Cancel
          </Button>
          <Button type="submit" loading={contact.adding}>
            Add Contact
          </Button>
        </Group>
      )}
    </form>
  );
}

type FieldName = 'name' | 'phone_number' | 'email' | 'notes';

function ContactFields({ field }: { field: (name: FieldName) => object }) {
  return (
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
