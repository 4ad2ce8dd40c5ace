// SMS encoding and segmentation (3GPP TS 23.038 / 23.040). The Send page counts parts with this
// as the user types and the server charges with it, so the customer is shown what is billed.
import { isGsmCharacter, septetsOf } from './gsm-alphabet';

export type SmsEncoding = 'gsm' | 'unicode';

/**
 * Room in one part: septets for GSM, UTF-16 code units for Unicode. A multipart message gives up
 * 6 bytes of every part to the concatenation header, which is 7 septets or 3 UCS-2 units.
 */
export const PART_CAPACITY = {
  gsm: { single: 160, multi: 153 },
  unicode: { single: 70, multi: 67 },
} as const;

export type PartCapacity = 160 | 153 | 70 | 67;

export interface MessageAnalysis {
  encoding: SmsEncoding;
  /** Septets (GSM) or UTF-16 code units (Unicode) in the whole message. */
  units: number;
  parts: number;
  perPart: PartCapacity;
  /** Units still free in the last part before another part is needed. */
  remainingInPart: number;
  /** The distinct characters, in order of first use, that keep the message out of GSM. */
  unicodeCharacters: string[];
}

interface Part {
  text: string;
  units: number;
}

interface Layout {
  encoding: SmsEncoding;
  units: number;
  perPart: PartCapacity;
  parts: Part[];
}

/** Splits by code point, so an emoji's surrogate pair is one character, never two halves. */
function charactersOf(text: string): string[] {
  return Array.from(text);
}

export function unicodeCharactersIn(text: string): string[] {
  const found = new Set<string>();
  for (const char of charactersOf(text)) {
    if (!isGsmCharacter(char)) found.add(char);
  }
  return [...found];
}

function encodingOf(chars: string[]): SmsEncoding {
  return chars.every(isGsmCharacter) ? 'gsm' : 'unicode';
}

export function detectEncoding(text: string): SmsEncoding {
  return encodingOf(charactersOf(text));
}

function unitsOf(char: string, encoding: SmsEncoding): number {
  return encoding === 'gsm' ? septetsOf(char) : char.length;
}

/**
 * Fills parts greedily. A character that does not fit whole in the current part starts the next
 * one: providers never cut an escape + extension septet pair or a surrogate pair in two, so a
 * part may end a unit short and the message may need one more part than units / capacity.
 */
function fillParts(chars: string[], encoding: SmsEncoding, capacity: number): Part[] {
  const parts: Part[] = [];
  let current: Part = { text: '', units: 0 };
  for (const char of chars) {
    const cost = unitsOf(char, encoding);
    if (current.units + cost > capacity) {
      parts.push(current);
      current = { text: '', units: 0 };
    }
    current.text += char;
    current.units += cost;
  }
  if (current.units > 0) parts.push(current);
  return parts;
}

function layOut(text: string): Layout {
  const chars = charactersOf(text);
  const encoding = encodingOf(chars);
  const units = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  const capacity = PART_CAPACITY[encoding];
  if (units === 0) return { encoding, units, perPart: capacity.single, parts: [] };
  if (units <= capacity.single) {
    return { encoding, units, perPart: capacity.single, parts: [{ text, units }] };
  }
  return { encoding, units, perPart: capacity.multi, parts: fillParts(chars, encoding, capacity.multi) };
}

/** The texts of the parts a provider would send, in order; empty text gives no parts. */
export function splitIntoParts(text: string): string[] {
  return layOut(text).parts.map((part) => part.text);
}

export function analyzeMessage(text: string): MessageAnalysis {
  const { encoding, units, perPart, parts } = layOut(text);
  const unitsInLastPart = parts.at(-1)?.units ?? 0;
  return {
    encoding,
    units,
    parts: parts.length,
    perPart,
    remainingInPart: perPart - unitsInLastPart,
    unicodeCharacters: encoding === 'unicode' ? unicodeCharactersIn(text) : [],
  };
}

/** Parts billed for one recipient of an SMS; what `quoteCost` multiplies by. */
export function countParts(text: string): number {
  return layOut(text).parts.length;
}
