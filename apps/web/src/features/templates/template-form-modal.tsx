// A customer's own template: create and edit (name, category, content; the same rules and
// messages as the shared ones).
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { TEMPLATE_MESSAGES, customerTemplateBodySchema, type Template, type TemplateCategory } from '@kurir/core';
import { TemplateFields } from '../../components/template-fields';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { useSingleSubmit } from '../../lib/single-submit';
import { toast } from '../../lib/toast';
import { useCreateMyTemplate } from './api/create-template';
import { useUpdateMyTemplate } from './api/update-template';

type Props = { opened: boolean; onClose: () => void; template: Template | null };

/** No category until one is chosen: the schema answers 'Category is required'. */
const NO_CATEGORY = '' as TemplateCategory;

function MyTemplateForm({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { name: template?.name ?? '', content: template?.content ?? '', category: template?.category ?? NO_CATEGORY },
    ...schemaForm(customerTemplateBodySchema),
  });
  const create = useCreateMyTemplate();
  const update = useUpdateMyTemplate();
  const createOnce = useSingleSubmit(create);
  const updateOnce = useSingleSubmit(update);
  const saving = create.isPending || update.isPending;

  function submit(body: typeof form.values) {
    const onSuccess = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (template) {
      updateOnce(
        { id: template.id, body },
        { onSuccess: onSuccess(TEMPLATE_MESSAGES.updated), onError: (e) => toast.error('Error', errorDetail(e) || TEMPLATE_MESSAGES.updateFailed) },
      );
    } else {
      createOnce(body, {
        onSuccess: onSuccess(TEMPLATE_MESSAGES.created),
        onError: (e) => toast.error('Error', errorDetail(e) || TEMPLATE_MESSAGES.createFailed),
      });
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TemplateFields inputProps={(field) => form.getInputProps(field)} content={form.values.content} />
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

export function MyTemplateFormModal({ opened, onClose, template }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={template ? 'Edit Template' : 'New Template'} size="lg" fullScreen={phone} centered>
      <MyTemplateForm key={template?.id ?? 'new'} template={template} onClose={onClose} />
    </Modal>
  );
}
