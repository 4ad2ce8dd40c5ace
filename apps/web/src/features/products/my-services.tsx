// 'My Services' on the Products page: every service the user has bought, with its status, period
// and, for a denied custom sender name, the free re-registration.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UserProduct } from '@kurir/core/schemas/products';
import { formatDate } from '../../lib/format';
import { isAwaitingApproval, isUpcoming, serviceTimingText, userProductBadge } from './product-display';
import { ProductIcon } from './product-icon';
import classes from './products.module.css';

function Details({ item }: { item: UserProduct }) {
  const parts = [`Purchased ${formatDate(item.purchased_at)}`];
  const timing = serviceTimingText(item);
  if (isUpcoming(item)) {
    parts.push(timing!);
  } else if (item.status === 'active' && item.active) {
    if (item.expires_at) parts.push(`Expires ${formatDate(item.expires_at)}`);
    if (timing) parts.push(timing);
  } else if (item.status === 'inactive' && item.expires_at) {
    parts.push(`Expired ${formatDate(item.expires_at)}`);
  }
  return (
    <Text fz="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

function SenderNote({ item }: { item: UserProduct }) {
  if (item.custom_sender_name === null) return null;
  let note: string | null = null;
  if (isAwaitingApproval(item)) note = 'Awaiting admin approval, typically 24-48 hours.';
  else if (item.status === 'waiting_mobile_provider') note = 'Sent to the mobile networks for registration.';
  else if (item.status === 'denied') note = 'This name was not approved. You can submit another one free of charge.';
  return note ? (
    <Text fz="xs" c={item.status === 'denied' ? 'red.9' : 'dimmed'}>
      {note}
    </Text>
  ) : null;
}

function ServiceRow({ item, onReregister }: { item: UserProduct; onReregister: (item: UserProduct) => void }) {
  const badge = userProductBadge(item);
  return (
    <li className={classes.serviceRow}>
      <ProductIcon type={item.product_icon} />
      <div className={classes.serviceText}>
        <Group gap={8} wrap="wrap">
          <Text fw={600}>{item.product_name}</Text>
          {item.custom_sender_name && (
            <Badge variant="outline" color="gray" radius="sm" ff="monospace">
              {item.custom_sender_name}
            </Badge>
          )}
          {item.quantity > 1 && (
            <Text fz="sm" c="dimmed">
              × {item.quantity}
            </Text>
          )}
        </Group>
        <Details item={item} />
        <SenderNote item={item} />
      </div>
      <Stack gap={6} align="flex-end" className={classes.serviceSide}>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        {item.status === 'denied' && item.custom_sender_name !== null && (
          <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => onReregister(item)}>
            Register new name
          </Button>
        )}
      </Stack>
    </li>
  );
}

type Props = { items: UserProduct[] | undefined; failed: boolean; onReregister: (item: UserProduct) => void };

export function MyServices({ items, failed, onReregister }: Props) {
  return (
    <Card padding="lg" component="section" aria-labelledby="my-services-heading">
      <Title id="my-services-heading" order={2} fz="lg" mb="sm">
        My Services
      </Title>
      {failed && (
        <Text fz="sm" c="red.9">
          Your services could not be loaded.
        </Text>
      )}
      {items && items.length === 0 && (
        <Text fz="sm" c="dimmed">
          You have no services yet. SMS sending is included; add more below.
        </Text>
      )}
      {items && items.length > 0 && (
        <ul className={classes.serviceList}>
          {items.map((item) => (
            <ServiceRow key={item.id} item={item} onReregister={onReregister} />
          ))}
        </ul>
      )}
    </Card>
  );
}
