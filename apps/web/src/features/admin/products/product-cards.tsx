// Phones: each product as a card — name, state, the price with tax and the actions.
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { CatalogueProduct } from '@kurir/core';
import { formatDate } from '../../../lib/format';
import { formatPrice6 } from './product-form';
import { PRODUCT_TYPE_LABELS, productState } from './product-labels';

type Props = { products: CatalogueProduct[]; onEdit: (p: CatalogueProduct) => void; onDelete: (p: CatalogueProduct) => void };

export function ProductCards({ products, onEdit, onDelete }: Props) {
  return (
    <Stack gap="sm">
      {products.map((p) => {
        const state = productState(p);
        return (
          <Card key={p.id} padding="sm" withBorder data-testid="product-card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} truncate>
                {p.name}
              </Text>
              <Badge miw="fit-content" variant="light" color={state.color}>
                {state.label}
              </Badge>
            </Group>
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {p.description}
            </Text>
            <Group justify="space-between" mt={6} wrap="nowrap" gap="xs" align="flex-end">
              <div>
                <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatPrice6(p.sellPriceWithTax)} · {PRODUCT_TYPE_LABELS[p.type]}
                </Text>
                <Text fz="xs" c="dimmed">
                  Net {formatPrice6(p.net_sell_price)} + {p.sell_tax_rate}% · buy {formatPrice6(p.net_buy_price)}
                </Text>
                <Text fz="xs" c="dimmed">
                  From {formatDate(p.valid_from)} {p.valid_to ? `to ${formatDate(p.valid_to)}` : '· never expires'}
                  {p.visible_in_dashboard ? '' : ' · hidden from dashboard'}
                </Text>
              </div>
              <Group gap={2} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={`Edit ${p.name}`} onClick={() => onEdit(p)}>
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${p.name}`} onClick={() => onDelete(p)} disabled={p.retired}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
