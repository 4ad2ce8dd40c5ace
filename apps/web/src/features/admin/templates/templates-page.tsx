// /admin/templates (admin spec §2 "Templates page", §8): the shared SMS templates, with create,
// edit, and delete after the browser's confirmation.
import { Alert, Box, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TEMPLATE_MESSAGES, type Template } from '@kurir/core';
import { PageIntro } from '../../../components/page-intro';
import { SearchInput } from '../../../components/search-input';
import { errorDetail, serverMessageOr } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteSharedTemplate } from './api/delete-template';
import { getSharedTemplatesQuery } from './api/get-templates';
import { filterTemplates, type TemplateTypeFilter } from './template-filter';
import { TemplateFormModal } from './template-form-modal';
import { TemplateCards } from './template-cards';
import { TemplatesTable } from './templates-table';

type Dialog = { open: boolean; template: Template | null };

export function AdminTemplatesPage() {
  const templates = useQuery(getSharedTemplatesQuery());
  const remove = useDeleteSharedTemplate();
  const [dialog, setDialog] = useState<Dialog>({ open: false, template: null });
  const [type, setType] = useState<TemplateTypeFilter>('all');
  const [search, setSearch] = useState('');
  const shown = filterTemplates(templates.data ?? [], type, search);
  const edit = (template: Template) => setDialog({ open: true, template });
  const deletingId = remove.isPending ? (remove.variables ?? null) : null;

  useEffect(() => {
    if (templates.isError) toast.error('Error', serverMessageOr(templates.error, TEMPLATE_MESSAGES.fetchFailed));
  }, [templates.isError, templates.error]);

  function confirmDelete(template: Template) {
    if (!window.confirm(TEMPLATE_MESSAGES.confirmDelete)) return;
    remove.mutate(template.id, {
      onSuccess: () => toast.success(TEMPLATE_MESSAGES.deleted),
      onError: (error) => toast.error('Error', serverMessageOr(error, TEMPLATE_MESSAGES.deleteFailed)),
    });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageIntro description="Ready-made messages: Admin templates for your own sends, User templates for every customer."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ open: true, template: null })}>
            New Template
          </Button>
        }
      />
      <Card padding="md">
        <Group justify="space-between" mb="md" gap="sm">
          <SearchInput aria-label="Search templates" placeholder="Search templates..." value={search} onChange={setSearch} w={{ base: '100%', sm: 300 }} />
          <SegmentedControl
            aria-label="Template type"
            value={type}
            onChange={(v) => setType(v as TemplateTypeFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'admin', label: 'Admin' },
              { value: 'user', label: 'User' },
            ]}
          />
        </Group>
        {templates.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading templates" />
          </Center>
        ) : templates.isError ? (
          <Alert color="red" title={TEMPLATE_MESSAGES.fetchFailed}>
            {errorDetail(templates.error)}
          </Alert>
        ) : shown.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {templates.data.length === 0 ? 'No templates yet. Create the first one.' : 'No templates match your filters'}
          </Text>
        ) : (
          <>
            <Box visibleFrom="sm">
              <TemplatesTable templates={shown} onEdit={edit} onDelete={confirmDelete} deletingId={deletingId} />
            </Box>
            <Box hiddenFrom="sm">
              <TemplateCards templates={shown} onEdit={edit} onDelete={confirmDelete} deletingId={deletingId} />
            </Box>
          </>
        )}
      </Card>
      <TemplateFormModal opened={dialog.open} onClose={() => setDialog((d) => ({ ...d, open: false }))} template={dialog.template} />
    </Stack>
  );
}
