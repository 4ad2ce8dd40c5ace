// /dashboard/phonebook (spec §2 "Phonebooks"): the customer's phonebooks as cards, and the
// dialogs that create, edit and delete them.
import { Button, Card, EmptyState, Group, Loader, SimpleGrid, Stack } from '@mantine/core';
import { IconAddressBook, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Phonebook } from '@kurir/core/schemas/phonebooks';
import { isApiError } from '../../lib/api';
import { getPhonebooksQuery } from './api/get-phonebooks';
import { PhonebookCard } from './phonebook-card';
import { PhonebookFormModal } from './phonebook-form-modal';
import { PhonebookLoadError } from './phonebook-load-error';
import { PageHeader } from '../../components/page-header';

/** The phonebook stays set while the dialog closes, so its title does not flip mid-animation. */
type Dialog = { open: boolean; phonebook: Phonebook | null };

export function PhonebooksPage() {
  const phonebooks = useQuery(getPhonebooksQuery());
  const [dialog, setDialog] = useState<Dialog>({ open: false, phonebook: null });
  const serviceMissing = isApiError(phonebooks.error) && phonebooks.error.status === 403;
  const openCreate = () => setDialog({ open: true, phonebook: null });

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Phonebooks"
        description="Manage your contact phonebooks"
        actions={
          !serviceMissing && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
              New Phonebook
            </Button>
          )
        }
      />

      {phonebooks.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading phonebooks" />
        </Group>
      ) : phonebooks.isError ? (
        <PhonebookLoadError error={phonebooks.error} onRetry={() => void phonebooks.refetch()} />
      ) : phonebooks.data.length === 0 ? (
        <Card padding="xl">
          <EmptyState
            icon={<IconAddressBook size={28} />}
            variant="light"
            title="No phonebooks found"
            description="Create your first phonebook to get started."
          >
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
                New Phonebook
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {phonebooks.data.map((p) => (
            <PhonebookCard key={p.id} phonebook={p} onEdit={() => setDialog({ open: true, phonebook: p })} />
          ))}
        </SimpleGrid>
      )}

      <PhonebookFormModal
        opened={dialog.open}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        phonebook={dialog.phonebook}
      />
    </Stack>
  );
}
