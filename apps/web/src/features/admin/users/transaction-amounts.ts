// Amounts in the user-scoped transactions view carry 6 decimals (admin spec §9): a message can
// cost €0.079910, and the ledger keeps micro-euros.
const sixDecimals = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 6, maximumFractionDigits: 6 });

/** `+€5.000000`, `-€0.079910`. */
export function formatMicroEuros(amount: number, signed = false): string {
  const text = sixDecimals.format(amount);
  return signed && amount > 0 ? `+${text}` : text;
}
