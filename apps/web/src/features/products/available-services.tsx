// 'Available Services': the catalogue. The per-message products ('SMS Message') are shown as
// included and cannot be bought (spec §3).
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconShoppingCart } from '@tabler/icons-react';
import type { AvailableProduct, UserProduct } from '@kurir/core/schemas/products';
import { exactUnitPrice, formatProductPrice, priceSuffix, productTypeLabel, purchaseActionFor, statusBadge } from './product-display';
import { ProductIcon } from './product-icon';
import classes from './products.module.css';

function ProductCard({ product, owned, onBuy }: { product: AvailableProduct; owned: UserProduct[]; onBuy: (p: AvailableProduct) => void }) {
  const onSale = product.status === 'active';
  const badge = onSale ? statusBadge('available') : statusBadge(product.status);
  const hasActive = owned.some((p) => p.product_id === product.id && p.status === 'active' && p.active);
  const action = purchaseActionFor(product, owned);
  return (
    <Card padding="lg" className={classes.productCard} aria-label={product.name} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <ProductIcon type={product.icon_type} />
          <div>
            <Text fw={600} lh={1.3}>
              {product.name}
            </Text>
            <Text fz="xs" c="dimmed">
              {productTypeLabel(product.type)}
            </Text>
          </div>
        </Group>
        {!product.purchasable ? (
          <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
            Included
          </Badge>
        ) : (
          <Badge color={hasActive ? 'teal' : badge.color} variant="light" style={{ flexShrink: 0 }}>
            {hasActive ? 'Active' : badge.label}
          </Badge>
        )}
      </Group>
      <Text fz="sm" c="dimmed" className={classes.productDescription}>
        {product.description}
      </Text>
      <Group justify="space-between" align="flex-end" mt="md" gap="xs">
        <div>
          <Text fz={22} fw={700} lh={1.1} className={classes.price}>
            {formatProductPrice(product)}
          </Text>
          <Text fz="xs" c="dimmed">
            {exactUnitPrice(product) ?? priceSuffix(product.type)}, tax included
          </Text>
        </div>
        {product.purchasable ? (
          <Button
            leftSection={<IconShoppingCart size={16} aria-hidden />}
            disabled={!onSale || action.disabled}
            onClick={() => onBuy(product)}
            aria-label={`${action.label} ${product.name}`}
          >
            {action.label}
          </Button>
        ) : (
          <Group gap={4} c="teal.9">
            <IconCheck size={16} aria-hidden />
            <Text fz="sm" fw={500}>
              Billed per message
            </Text>
          </Group>
        )}
      </Group>
    </Card>
  );
}

type Props = {
  products: AvailableProduct[] | undefined;
  owned: UserProduct[];
  failed: boolean;
  onBuy: (product: AvailableProduct) => void;
};

export function AvailableServices({ products, owned, failed, onBuy }: Props) {
  // Included products first: they are what every account already has.
  const sorted = products ? [...products].sort((a, b) => Number(a.purchasable) - Number(b.purchasable)) : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="available-heading">
      <Title id="available-heading" order={2} fz="lg">
        Available Services
      </Title>
      {failed && (
        <Text fz="sm" c="red.9">
          The catalogue could not be loaded.
        </Text>
      )}
      {sorted && (
        <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
          {sorted.map((product) => (
            <ProductCard key={product.id} product={product} owned={owned} onBuy={onBuy} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
