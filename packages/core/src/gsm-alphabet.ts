// The GSM 7-bit default alphabet (3GPP TS 23.038 §6.2.1): which characters an SMS can carry
// without switching the whole message to UCS-2, and how many septets each one costs.

/**
 * The basic table in code order, 0x00 to 0x7F. Position 0x1B is the escape to the extension
 * table, not a character anyone can type, so it is left out of the set below. The Greek capitals
 * are written as escapes because look-alikes that are NOT in the table exist (Latin A for Greek
 * Alpha, the ohm sign U+2126 for Omega U+03A9), and a literal would hide which one is meant.
 */
const BASIC_TABLE_IN_CODE_ORDER =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  '\u0394_\u03A6\u0393\u039B\u03A9\u03A0\u03A8\u03A3\u0398\u039E\u001BÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

const ESCAPE = '\u001B';

/** Reached through the escape, so each costs two septets. */
const EXTENSION_CHARACTERS = '\f^{}\\[~]|€';

export const GSM_BASIC_CHARACTERS: ReadonlySet<string> = new Set(
  [...BASIC_TABLE_IN_CODE_ORDER].filter((char) => char !== ESCAPE),
);

export const GSM_EXTENSION_CHARACTERS: ReadonlySet<string> = new Set(EXTENSION_CHARACTERS);

export function isGsmCharacter(char: string): boolean {
  return GSM_BASIC_CHARACTERS.has(char) || GSM_EXTENSION_CHARACTERS.has(char);
}

/** Septets one character takes in a GSM message; callers must check `isGsmCharacter` first. */
export function septetsOf(char: string): 1 | 2 {
  return GSM_EXTENSION_CHARACTERS.has(char) ? 2 : 1;
}
