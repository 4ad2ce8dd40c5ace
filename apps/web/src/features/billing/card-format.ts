// Typing help for the built-in test card form: digits grouped as a card shows them, MM/YY with the
// slash put in for you. Whether the card is any good is the server's call, not the form's.

const MAX_CARD_DIGITS = 19;

/** '4242424242424242' → '4242 4242 4242 4242'; anything but digits dropped, at most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, MAX_CARD_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * '1234' → '12/34'. A lone first digit above 1 is a month without its zero ('5' → '05/'); deleting
 * back over the slash works because a two-digit value gets the slash only once a third digit comes.
 */
export function formatExpiry(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Three or four digits. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}
