// /dashboard/phonebook (spec §2 "Phonebooks"): the customer's phonebooks as cards, and the
// dialogs that create, edit and delete them.
import { Button, Card, EmptyState, SimpleGrid, Stack } from '@mantine/core';
import { IconAddressBook, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Phonebook } from '@kurir/core/schemas/phonebooks';
import { hasErrorCode } from '../../lib/api';
import { getPhonebooksQuery } from './api/get-phonebooks';
import { PhonebookCard } from './phonebook-card';
import { PhonebookLoadError } from './phonebook-load-error';
import { PageHeader } from '../../components/page-header';
import { closedGateOf } from '../../components/feature-gate';
import { ServiceRequired } from '../../components/service-required';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { lazyDialog } from '../../components/lazy-dialog';
import { ListSkeleton } from '../../components/list-skeleton';

const PhonebookFormModal = lazyDialog(() => import('./phonebook-form-modal').then((m) => m.PhonebookFormModal));

/** The phonebook stays set while the dialog closes, so its title does not flip mid-animation. */
type Dialog = { open: boolean; phonebook: Phonebook | null };

export function PhonebooksPage() {
  // The sidebar's own gate (components/feature-gate), so the page and the sidebar always agree.
  const gate = closedGateOf('/dashboard/phonebook', useSignedInUser().features);
  const locked = gate !== null;
  const phonebooks = useQuery({ ...getPhonebooksQuery(), enabled: !locked });
  const [dialog, setDialog] = useState<Dialog>({ open: false, phonebook: null });
  const serviceMissing = locked || hasErrorCode(phonebooks.error, 'feature_required');
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

      {gate ? (
        <Card padding="lg">
          <ServiceRequired feature={gate.feature} service={gate.service} />
        </Card>
      ) : phonebooks.isPending ? (
        <ListSkeleton label="Loading phonebooks" count={3} height={190} cols={{ base: 1, sm: 2, lg: 3 }} />
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
