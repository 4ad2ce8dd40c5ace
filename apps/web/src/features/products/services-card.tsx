// The dashboard's services card (spec §2): each add-on with its status badge, days left for
// active ones, and the way to the Products page.
import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getAvailableProductsQuery } from './api/get-available-products';
import { getUserProductsQuery } from './api/get-user-products';
import { serviceTimingText, statusBadge, userProductBadge } from './product-display';
import { ProductIcon } from './product-icon';
import { serviceLines, type ServiceLine } from './services-overview';
import classes from './products.module.css';

function detail(line: ServiceLine): string | null {
  if (line.kind === 'catalogue') return null;
  const { item } = line;
  if (item.custom_sender_name && item.status !== 'inactive') return item.custom_sender_name;
  return serviceTimingText(item);
}

export function ServicesCard() {
  const catalogue = useQuery(getAvailableProductsQuery());
  const mine = useQuery(getUserProductsQuery());
  const lines = catalogue.data && mine.data ? serviceLines(catalogue.data.products, mine.data.userProducts) : null;
  const failed = catalogue.isError || mine.isError;

  return (
    <Card padding="lg" component="section" aria-labelledby="services-heading">
      <Text id="services-heading" fz="sm" c="dimmed" fw={500} mb="sm">
        Services
      </Text>
      {!lines && !failed && (
        <Stack gap="xs">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      )}
      {failed && (
        <Text fz="sm" c="red.9">
          Your services could not be loaded.
        </Text>
      )}
      {lines && (
        <ul className={classes.serviceList} aria-label="Services">
          {lines.map((line) => {
            const badge = line.kind === 'owned' ? userProductBadge(line.item) : statusBadge(line.status);
            const extra = detail(line);
            return (
              <li key={line.key} className={classes.serviceRow} style={{ alignItems: 'center' }}>
                <ProductIcon type={line.icon} size={32} />
                <div className={classes.serviceText}>
                  <Text fz="sm" fw={500} truncate>
                    {line.name}
                  </Text>
                  {extra && (
                    <Text fz="xs" c="dimmed">
                      {extra}
                    </Text>
                  )}
                </div>
                <Badge color={badge.color} variant="light" className={classes.serviceSide}>
                  {badge.label}
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      <Group mt="md">
        <Button component={Link} to="/dashboard/products" variant="light" rightSection={<IconArrowRight size={16} aria-hidden />}>
          View Products
        </Button>
      </Group>
    </Card>
  );
}
