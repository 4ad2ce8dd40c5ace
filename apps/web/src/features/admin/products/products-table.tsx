// The catalogue as a table: prices to 6 decimals, validity, state and where it shows.
import { ActionIcon, Badge, Box, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CatalogueProduct } from '@kurir/core';
import { formatDate } from '../../../lib/format';
import { formatPrice6 } from './product-form';
import { PRODUCT_TYPE_LABELS, productState } from './product-labels';

type Props = { products: CatalogueProduct[]; onEdit: (p: CatalogueProduct) => void; onDelete: (p: CatalogueProduct) => void };

const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

function ProductRow({ product, onEdit, onDelete }: { product: CatalogueProduct; onEdit: () => void; onDelete: () => void }) {
  const state = productState(product);
  return (
    <Table.Tr data-testid="product-row">
      <Table.Td maw={260}>
        <Text fz="sm" fw={600}>
          {product.name}
        </Text>
        <Text fz="xs" c="dimmed" lineClamp={2} title={product.description}>
          {product.description}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{PRODUCT_TYPE_LABELS[product.type]}</Table.Td>
      <Table.Td ta="right" style={numeric}>
        {formatPrice6(product.net_buy_price)}
        <Text fz="xs" c="dimmed">
          + {product.buy_tax_rate ?? '—'}% tax
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={numeric}>
        {formatPrice6(product.net_sell_price)}
        <Text fz="xs" c="dimmed">
          + {product.sell_tax_rate}% tax
        </Text>
      </Table.Td>
      <Table.Td ta="right" style={numeric} fw={600}>
        {formatPrice6(product.sellPriceWithTax)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fz="sm">{formatDate(product.valid_from)}</Text>
        <Text fz="xs" c="dimmed">
          {product.valid_to ? `to ${formatDate(product.valid_to)}` : 'Never expires'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge miw="fit-content" variant="light" color={state.color}>
            {state.label}
          </Badge>
          <Tooltip label={product.visible_in_dashboard ? 'Visible in dashboard' : 'Hidden from dashboard'}>
            <Box component="span" style={{ display: 'inline-flex', flexShrink: 0 }}>
              {product.visible_in_dashboard ? <IconEye size={16} aria-label="Visible in dashboard" /> : <IconEyeOff size={16} aria-label="Hidden from dashboard" color="gray" />}
            </Box>
          </Tooltip>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon variant="subtle" aria-label={`Edit ${product.name}`} onClick={onEdit}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${product.name}`} onClick={onDelete} disabled={product.retired}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function ProductsTable({ products, onEdit, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th ta="right">Net buy price</Table.Th>
            <Table.Th ta="right">Net sell price</Table.Th>
            <Table.Th ta="right">Sell price with tax</Table.Th>
            <Table.Th>Valid</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <ProductRow key={p.id} product={p} onEdit={() => onEdit(p)} onDelete={() => onDelete(p)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
