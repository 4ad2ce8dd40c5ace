// How a ledger entry reads on the balance card: a word for its type and a signed amount.
import { formatEuros } from '../../lib/format';

const TYPE_LABELS: Record<string, string> = {
  topup: 'Top-up',
  credit: 'Credit',
  credit_addition: 'Credit added',
  product_purchase: 'Purchase',
  sms_cost: 'SMS',
  viber_cost: 'Viber',
  refund: 'Refund',
};

/** 'product_purchase' → 'Purchase'; an unknown type shows as it came, with spaces for underscores. */
export function transactionTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? (type.replace(/_/g, ' ') || 'Unknown');
}

/** +€20.00 for money in, -€2.99 for money out. */
export function formatSignedEuros(amount: number): string {
  return amount > 0 ? `+${formatEuros(amount)}` : formatEuros(amount);
}
