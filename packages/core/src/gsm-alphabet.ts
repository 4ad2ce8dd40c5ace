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

/**
 * Reached through the escape, so each costs two septets: each with its code after the escape
 * (3GPP TS 23.038 §6.2.1.1).
 */
const EXTENSION_CODES: ReadonlyMap<string, number> = new Map([
  ['\f', 0x0a], ['^', 0x14], ['{', 0x28], ['}', 0x29], ['\\', 0x2f],
  ['[', 0x3c], ['~', 0x3d], [']', 0x3e], ['|', 0x40], ['€', 0x65],
]);

export const GSM_BASIC_CHARACTERS: ReadonlySet<string> = new Set(
  [...BASIC_TABLE_IN_CODE_ORDER].filter((char) => char !== ESCAPE),
);

export const GSM_EXTENSION_CHARACTERS: ReadonlySet<string> = new Set(EXTENSION_CODES.keys());

export function isGsmCharacter(char: string): boolean {
  return GSM_BASIC_CHARACTERS.has(char) || GSM_EXTENSION_CHARACTERS.has(char);
}

/** Septets one character takes in a GSM message; callers must check `isGsmCharacter` first. */
export function septetsOf(char: string): 1 | 2 {
  return GSM_EXTENSION_CHARACTERS.has(char) ? 2 : 1;
}

/**
 * Each UTF-16 unit's GSM code, by unit: the code, 0x100 plus the code after the escape for an
 * extension character, or -1 outside the alphabet (every GSM character is below U+20AD).
 */
const CODE_OF_UNIT: Int16Array = (() => {
  const table = new Int16Array(0x20ad).fill(-1);
  [...BASIC_TABLE_IN_CODE_ORDER].forEach((char, code) => {
    if (char !== ESCAPE) table[char.charCodeAt(0)] = code;
  });
  for (const [char, code] of EXTENSION_CODES) table[char.charCodeAt(0)] = 0x100 | code;
  return table;
})();

const SPACE_CODE = 0x20;

/**
 * The text as GSM 03.38 codes, one septet per octet (unpacked, as SMPP carries it): an extension
 * character is the escape then its code, and a character outside the alphabet becomes a space
 * (each unit of a surrogate pair).
 */
export function gsmSeptets(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const code = unit < CODE_OF_UNIT.length ? CODE_OF_UNIT[unit]! : -1;
    if (code < 0) {
      out[length++] = SPACE_CODE;
    } else if (code > 0xff) {
      out[length++] = 0x1b;
      out[length++] = code & 0xff;
    } else {
      out[length++] = code;
    }
  }
  return out.subarray(0, length);
}
