// Edit User → Profile Information (admin spec §2): first_name, last_name, email, company_name,
// tax_id, address, city, zip_code, country, status and role. An admin cannot deactivate or demote
// themselves; the server says so (code not_yourself) and the toast shows its words.
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminUserUpdateBodySchema, ADMIN_USER_MESSAGES, ROLES, USER_STATUSES, type AdminUser } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useUpdateUser } from './api/update-user';

const TEXT_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['company_name', 'Company name'],
  ['tax_id', 'Tax ID'],
  ['address', 'Address'],
  ['city', 'City'],
  ['zip_code', 'ZIP code'],
  ['country', 'Country'],
] as const;

type TextField = (typeof TEXT_FIELDS)[number][0];

function initialValues(user: AdminUser) {
  const text = Object.fromEntries(TEXT_FIELDS.map(([field]) => [field, user[field] ?? ''])) as Record<TextField, string>;
  return { ...text, status: user.status, role: user.role };
}

export function EditProfileForm({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const form = useForm({ initialValues: initialValues(user), ...schemaForm(adminUserUpdateBodySchema) });
  const update = useUpdateUser(user.id);
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success(ADMIN_USER_MESSAGES.updated);
        onSaved();
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to update user')),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {TEXT_FIELDS.map(([field, label]) => (
            <TextInput key={field} label={label} type={field === 'email' ? 'email' : 'text'} {...form.getInputProps(field)} />
          ))}
          <Select label="Status" data={[...USER_STATUSES]} allowDeselect={false} {...form.getInputProps('status')} />
          <Select label="Role" data={[...ROLES]} allowDeselect={false} {...form.getInputProps('role')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
