// Confirm Purchase (spec §2, §4, §5): quantity for per-unit products only (at least 1), when a
// period starts (now or a chosen day), the total and the balance after it. For a service the
// customer already has, "now" reads as the extension it is (the dates it adds), and the days a
// period would overlap one already bought are not offered: the server refuses those.
import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Divider, Group, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { eurosToMicros, formatEuros as formatMicros } from '@kurir/core/money';
import { type AvailableProduct, type PurchaseResponse, type UserProduct } from '@kurir/core/schemas/products';
import { useActionKeys } from '../../lib/action-key';
import { errorDetail } from '../../lib/api';
import { useSingleSubmit } from '../../lib/single-submit';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePurchaseProduct } from './api/purchase-product';
import { balanceAfterPurchase, formatProductPrice, nowPurchase, overlapsOwnedPeriod, productTotalMicros, productTypeLabel, priceSuffix } from './product-display';
import { ProductIcon } from './product-icon';

type Props = {
  product: AvailableProduct | null;
  senderName: string | null;
  credit: number;
  /** The customer's products: a purchase goes after the periods of this one they already have. */
  owned: readonly UserProduct[];
  onClose: () => void;
  onPurchased: (reply: PurchaseResponse) => void;
};

const DATE_FORMAT = 'YYYY-MM-DD';

function Row({ label, children, strong }: { label: string; children: React.ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text fz="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Group>
  );
}

export function PurchaseDialog({ product, senderName, credit, owned, onClose, onPurchased }: Props) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Confirm Purchase" centered>
      {product && (
        <PurchaseForm key={product.id} product={product} senderName={senderName} credit={credit} owned={owned} onClose={onClose} onPurchased={onPurchased} />
      )}
    </Modal>
  );
}

function PurchaseForm({ product, senderName, credit, owned, onClose, onPurchased }: Props & { product: AvailableProduct }) {
  const purchase = usePurchaseProduct();
  const purchaseOnce = useSingleSubmit(purchase);
  // One Idempotency-Key per confirmed purchase, the same again when it is retried after a network error.
  const keys = useActionKeys();
  const [quantity, setQuantity] = useState<string | number>(1);
  const [startOption, setStartOption] = useState<StartOption>('now');
  const [startDate, setStartDate] = useState<string | null>(null);

  const perUnit = product.type === 'per_unit';
  const periodic = product.type === 'monthly' || product.type === 'daily';
  const count = perUnit ? Math.max(1, Math.floor(Number(quantity) || 1)) : 1;
  const total = productTotalMicros(product, count);
  const after = eurosToMicros(credit) - total;
  const needsDate = startOption === 'custom' && !startDate;

  function confirm() {
    const body = {
      productId: product.id,
      quantity: count,
      startOption,
      // The chosen day from its first moment in the user's time zone.
      startDate: startOption === 'custom' && startDate ? startOfDay(startDate).toISOString() : undefined,
      senderName: senderName ?? undefined,
    };
    purchaseOnce(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: onPurchased,
        onError: (error) => toast.error('Purchase Failed', errorDetail(error) || 'Failed to purchase product'),
        onSettled: (_reply, error) => keys.settled(error),
      },
    );
  }

  return (
    <Stack gap="md">
      <ProductSummary product={product} senderName={senderName} />
      {perUnit && (
        <NumberInput label="Quantity" min={1} step={1} allowDecimal={false} allowNegative={false} value={quantity} onChange={setQuantity} />
      )}
      {periodic && (
        <StartChoice
          option={startOption}
          onOption={setStartOption}
          date={startDate}
          onDate={setStartDate}
          now={nowPurchase(product, owned)}
          overlaps={(start) => overlapsOwnedPeriod(product, owned, start)}
        />
      )}
      <Divider />
      <PurchaseTotals total={total} credit={credit} onClose={onClose} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={purchase.isPending} disabled={after < 0 || needsDate}>
          Confirm Purchase
        </Button>
      </Group>
    </Stack>
  );
}

function ProductSummary({ product, senderName }: { product: AvailableProduct; senderName: string | null }) {
  return (
    <>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ProductIcon type={product.icon_type} />
        <div>
          <Text fw={600}>{product.name}</Text>
          <Text fz="sm" c="dimmed">
            {productTypeLabel(product.type)} · {formatProductPrice(product)} {priceSuffix(product.type)}
          </Text>
        </div>
      </Group>
      {senderName && (
        <Group gap="xs">
          <Text fz="sm">Sender name:</Text>
          <Badge variant="outline" color="gray" radius="sm" ff="monospace">
            {senderName}
          </Badge>
        </Group>
      )}
    </>
  );
}

type StartOption = 'now' | 'custom';

/** The chosen day from its first moment in the user's time zone (what is sent as the start). */
const startOfDay = (day: string) => dayjs(day).startOf('day').toDate();

/**
 * When a period starts: now (for a service the customer has, right after the period it extends),
 * or a day from tomorrow to a year ahead on which no period already bought is running.
 */
function StartChoice(props: {
  option: StartOption;
  onOption: (o: StartOption) => void;
  date: string | null;
  onDate: (d: string | null) => void;
  now: ReturnType<typeof nowPurchase>;
  overlaps: (start: Date) => boolean;
}) {
  const extendsFrom = props.now?.extendsFrom ?? null;
  return (
    <>
      <Radio.Group label="Start" value={props.option} onChange={(v) => props.onOption(v as StartOption)}>
        <Stack gap={8} mt={6}>
          {extendsFrom && props.now ? (
            <Radio value="now" label="Extend" description={`Adds ${formatDate(extendsFrom)} – ${formatDate(props.now.until)}, right after the period you have`} />
          ) : (
            <Radio value="now" label="Start now" />
          )}
          <Radio value="custom" label="Start on a date" />
        </Stack>
      </Radio.Group>
      {props.option === 'custom' && (
        <DatePickerInput
          label="Start date"
          placeholder="Pick a day"
          leftSection={<IconCalendar size={16} aria-hidden />}
          valueFormat="DD.MM.YYYY"
          minDate={dayjs().add(1, 'day').format(DATE_FORMAT)}
          maxDate={dayjs().add(12, 'month').subtract(1, 'day').format(DATE_FORMAT)}
          excludeDate={(day) => props.overlaps(startOfDay(day))}
          value={props.date}
          onChange={(value) => props.onDate(value ? dayjs(value).format(DATE_FORMAT) : null)}
          popoverProps={{ withinPortal: true }}
        />
      )}
    </>
  );
}

/** The total, the balance, and the balance after it; a warning when the balance is short. */
function PurchaseTotals({ total, credit, onClose }: { total: number; credit: number; onClose: () => void }) {
  const afterLine = balanceAfterPurchase(eurosToMicros(credit), total);
  return (
    <>
      <Stack gap={6}>
        <Row label="Total" strong>
          {formatMicros(total, 2)}
        </Row>
        <Row label="Your balance">{formatMicros(eurosToMicros(credit), 2)}</Row>
        <Row label={afterLine.label} strong={afterLine.short}>
          {afterLine.value}
        </Row>
      </Stack>
      {afterLine.short && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Top up to buy this">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">Your balance is {afterLine.value} short of this purchase. Top up, then come back to buy it.</Text>
            <Button component={Link} to="/dashboard" size="xs" onClick={onClose}>
              Top up on the dashboard
            </Button>
          </Stack>
        </Alert>
      )}
    </>
  );
}
