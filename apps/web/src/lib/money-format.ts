// Money as the spec shows it, with no date library attached (the landing page uses it).
const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Balances and totals: `€2.00`. */
export function formatEuros(amount: number): string {
  return euros.format(amount);
}
