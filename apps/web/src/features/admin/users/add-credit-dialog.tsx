// Add Credit (admin spec §2, §5, §8): an amount in euros, step and minimum 0.01. One request id
// per dialog, so a double click or a retried request adds the credit once.
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { addCreditBodySchema, CREDIT_ADDITION_MAX_EUROS, CREDIT_MESSAGES, type AdminUser } from '@kurir/core';
import { serverMessageOr } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { InvalidReplyError, useAddCredit } from './api/add-credit';
import { newRequestId } from '../../../lib/request-id';
import { usePhone } from './use-phone';
import { userDisplayName } from './user-display';

const EMPTY_AMOUNT = '' as unknown as number;

export function AddCreditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [requestId] = useState(newRequestId);
  const form = useForm({
    // An empty NumberInput holds '' (typed as the schema's number): the schema answers it with
    // 'Amount must be a number', as the spec wants, instead of the form inventing a 0.
    initialValues: { userId: user.id, amount: EMPTY_AMOUNT, requestId },
    ...schemaForm(addCreditBodySchema),
  });
  const addCredit = useAddCredit();
  const submit = form.onSubmit((body) =>
    addCredit.mutate(body, {
      onSuccess: (reply) => {
        toast.success(CREDIT_MESSAGES.added, `${userDisplayName(reply.user)} now has ${formatEuros(reply.user.credit)}.`);
        onClose();
      },
      onError: (error) =>
        toast.error(error instanceof InvalidReplyError ? CREDIT_MESSAGES.invalidResponse : serverMessageOr(error, CREDIT_MESSAGES.failed)),
    }),
  );
  return (
    <Modal opened onClose={onClose} title="Add Credit" fullScreen={usePhone()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">
            {userDisplayName(user)} · {user.phone}
            <br />
            Current balance: <b>{formatEuros(user.credit)}</b>
          </Text>
          <NumberInput
            label="Amount (€)"
            placeholder="0.00"
            step={0.01}
            min={0.01}
            max={CREDIT_ADDITION_MAX_EUROS}
            decimalScale={2}
            clampBehavior="none"
            allowNegative={false}
            data-autofocus
            required
            {...form.getInputProps('amount')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={addCredit.isPending}>
              Add Credit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
