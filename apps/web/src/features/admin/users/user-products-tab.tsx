// Edit User → User Products (admin spec §2, §5): the user's assignments (name, quantity, status,
// expiry), Add with a quantity of at least 1, and Remove (asked twice: it revokes at once).
import { Badge, Button, Group, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { assignProductBodySchema, CUSTOM_SENDER_PRODUCT, USER_PRODUCT_MESSAGES, type UserProduct } from '@kurir/core';
import { errorDetail, serverMessageOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { schemaForm } from '../../../lib/form';
import { toast } from '../../../lib/toast';
import { useAssignProduct } from './api/assign-product';
import { getCatalogueQuery } from './api/get-catalogue';
import { getUserProductsQuery } from './api/get-user-products';
import { useRemoveProduct } from './api/remove-product';

function AddProductForm({ userId }: { userId: string }) {
  const catalogue = useQuery(getCatalogueQuery());
  // A Custom sender name is requested by the customer and approved from the pending panel.
  const choices = (catalogue.data ?? []).filter((p) => p.status === 'active' && !p.retired && p.name !== CUSTOM_SENDER_PRODUCT);
  const form = useForm({ initialValues: { productId: '', quantity: 1 }, ...schemaForm(assignProductBodySchema) });
  const assign = useAssignProduct(userId);
  const submit = form.onSubmit((body) =>
    assign.mutate(body, {
      onSuccess: () => {
        toast.success(USER_PRODUCT_MESSAGES.added);
        form.reset();
      },
      onError: (error) => toast.error(serverMessageOr(error, 'Failed to add product')),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Product"
          placeholder="Choose a product"
          data={choices.map((p) => ({ value: p.id, label: p.name }))}
          searchable
          style={{ flex: '1 1 200px' }}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('productId')}
          onChange={(value) => form.setFieldValue('productId', value ?? '')}
        />
        <NumberInput label="Quantity" min={1} step={1} allowDecimal={false} allowNegative={false} w={110} {...form.getInputProps('quantity')} />
        <Button type="submit" mt={25} loading={assign.isPending}>
          Add product
        </Button>
      </Group>
    </form>
  );
}

type Removal = ReturnType<typeof useRemoveProduct>;

function RemoveButton({ assignment, remove }: { assignment: UserProduct; remove: Removal }) {
  const [confirming, setConfirming] = useState(false);
  const run = () =>
    remove.mutate(assignment.id, {
      onSuccess: () => toast.success(USER_PRODUCT_MESSAGES.removed),
      onError: (error) => {
        setConfirming(false);
        toast.error(serverMessageOr(error, 'Failed to remove product'));
      },
    });
  if (!assignment.active) return null;
  return confirming ? (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" color="red" loading={remove.isPending && remove.variables === assignment.id} onClick={run}>
        Remove
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
        Keep
      </Button>
    </Group>
  ) : (
    <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)} aria-label={`Remove ${assignment.product_name}`}>
      Remove…
    </Button>
  );
}

export function UserProductsTab({ userId }: { userId: string }) {
  const products = useQuery(getUserProductsQuery(userId));
  // Held here, not per row: a removed assignment turns inactive and its button goes away before
  // the call's onSuccess would run, and the toast must still show.
  const remove = useRemoveProduct(userId);
  const list = products.data ?? [];
  return (
    <Stack gap="md">
      {products.isError && <Text c="red">{errorDetail(products.error)}</Text>}
      {products.isSuccess && list.length === 0 && <Text c="dimmed">No products assigned.</Text>}
      {list.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.product_name}
                    {p.custom_sender_name && (
                      <Text span ff="monospace" fz="xs" c="dimmed">
                        {' '}
                        ({p.custom_sender_name})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{p.quantity}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.active ? 'teal' : 'gray'} tt="none">
                      {p.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.expires_at ? formatDate(p.expires_at) : 'Never'}</Table.Td>
                  <Table.Td>
                    <RemoveButton assignment={p} remove={remove} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AddProductForm userId={userId} />
    </Stack>
  );
}
