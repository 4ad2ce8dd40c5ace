// 'Create Template' and 'Edit Template' (admin spec §2 "Templates page", §5, §8): name, category,
// content and type (Admin: for admins' sends; User: offered to every customer).
import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { TEMPLATE_MESSAGES, adminTemplateBodySchema, type Template, type TemplateCategory } from '@kurir/core';
import { TemplateFields } from '../../../components/template-fields';
import { serverMessageOr } from '../../../lib/api';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useCreateSharedTemplate } from './api/create-template';
import { useUpdateSharedTemplate } from './api/update-template';

type Props = { opened: boolean; onClose: () => void; template: Template | null };

/** A new template has no category until one is chosen: the schema answers 'Category is required'. */
const NO_CATEGORY = '' as TemplateCategory;

function TemplateForm({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const form = useForm({
    initialValues: {
      name: template?.name ?? '',
      content: template?.content ?? '',
      category: template?.category ?? NO_CATEGORY,
      is_admin_template: template?.is_admin_template ?? false,
    },
    ...schemaForm(adminTemplateBodySchema),
  });
  const create = useCreateSharedTemplate();
  const update = useUpdateSharedTemplate();
  const saving = create.isPending || update.isPending;

  function submit(body: typeof form.values) {
    const onSuccess = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (template) {
      update.mutate(
        { id: template.id, body },
        { onSuccess: onSuccess(TEMPLATE_MESSAGES.updated), onError: (e) => toast.error('Error', serverMessageOr(e, TEMPLATE_MESSAGES.updateFailed)) },
      );
    } else {
      create.mutate(body, {
        onSuccess: onSuccess(TEMPLATE_MESSAGES.created),
        onError: (e) => toast.error('Error', serverMessageOr(e, TEMPLATE_MESSAGES.createFailed)),
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TemplateFields inputProps={(field) => form.getInputProps(field)} content={form.values.content} />
        <div>
          <Text fz="sm" fw={500} id="template-type-label">
            Type
          </Text>
          <SegmentedControl
            aria-labelledby="template-type-label"
            data={[
              { value: 'user', label: 'User' },
              { value: 'admin', label: 'Admin' },
            ]}
            value={form.values.is_admin_template ? 'admin' : 'user'}
            onChange={(value) => form.setFieldValue('is_admin_template', value === 'admin')}
          />
          <Text fz="xs" c="dimmed" mt={4}>
            {form.values.is_admin_template
              ? 'Admin: offered when an administrator sends an SMS to a user.'
              : 'User: offered to every customer on the Send Message page.'}
          </Text>
        </div>
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {template ? 'Save Changes' : 'Create Template'}
        </Button>
      </Group>
    </form>
  );
}

export function TemplateFormModal({ opened, onClose, template }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Edit Template' : 'Create Template'} size="lg" fullScreen={phone} centered>
      <TemplateForm key={template?.id ?? 'new'} template={template} onClose={onClose} />
    </Modal>
  );
}
