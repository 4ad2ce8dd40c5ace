// A message price as the history shows it: exact to the micro-euro, without trailing zeros
// past the cents (€0.07991, €0.03, €0.00).
import { eurosToMicros, formatEuros } from '@kurir/core/money';

export function formatMessagePrice(euros: number): string {
  const full = formatEuros(eurosToMicros(euros), 6);
  return full.replace(/(\.\d\d\d*?)0+$/, '$1');
}
