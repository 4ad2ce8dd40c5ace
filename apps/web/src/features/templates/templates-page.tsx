// /dashboard/templates (beyond the spec, issue 10): the customer's own templates, which they keep
// here, and the User-type templates the administrators share with every customer. Either is one
// click from the Send Message page.
import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TEMPLATE_MESSAGES, type Template } from '@kurir/core';
import { PageHeader } from '../../components/page-header';
import { errorDetail } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDeleteMyTemplate } from './api/delete-template';
import { getMyTemplatesQuery } from './api/get-templates';
import { TemplateCard } from './template-card';
import { MyTemplateFormModal } from './template-form-modal';
import { ListSkeleton } from '../../components/list-skeleton';

type Dialog = { open: boolean; template: Template | null };

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {empty ? (
        <Text c="dimmed" fz="sm">
          {empty}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {children}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function TemplatesPage() {
  const templates = useQuery(getMyTemplatesQuery());
  const remove = useDeleteMyTemplate();
  const [dialog, setDialog] = useState<Dialog>({ open: false, template: null });
  const own = (templates.data ?? []).filter((t) => t.own);
  const shared = (templates.data ?? []).filter((t) => !t.own);

  function confirmDelete(template: Template) {
    if (!window.confirm(TEMPLATE_MESSAGES.confirmDelete)) return;
    remove.mutate(template.id, {
      onSuccess: () => toast.success(TEMPLATE_MESSAGES.deleted),
      onError: (error) => toast.error('Error', errorDetail(error) || TEMPLATE_MESSAGES.deleteFailed),
    });
  }

  return (
    <Stack gap="xl" maw={1100}>
      <PageHeader
        title="Templates"
        description="Messages you send often, ready to use on Send Message."
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ open: true, template: null })}>
            New Template
          </Button>
        }
      />
      {templates.isPending ? (
        <ListSkeleton label="Loading templates" count={4} height={150} cols={{ base: 1, md: 2 }} />
      ) : templates.isError ? (
        <Alert color="red" title={TEMPLATE_MESSAGES.fetchFailed}>
          {errorDetail(templates.error)}
        </Alert>
      ) : (
        <>
          <Section title="My templates" empty={own.length === 0 ? 'You have no templates of your own yet. Create one to reuse a message.' : null}>
            {own.map((t) => (
              <TemplateCard
                key={t.id}
                template={t}
                onEdit={() => setDialog({ open: true, template: t })}
                onDelete={() => confirmDelete(t)}
                deleting={remove.isPending && remove.variables === t.id}
              />
            ))}
          </Section>
          <Section title="Shared templates" empty={shared.length === 0 ? 'No shared templates yet.' : null}>
            {shared.map((t) => (
              <TemplateCard key={t.id} template={t} />
            ))}
          </Section>
        </>
      )}
      <MyTemplateFormModal opened={dialog.open} onClose={() => setDialog((d) => ({ ...d, open: false }))} template={dialog.template} />
    </Stack>
  );
}
