import { describe, expect, it } from 'vitest';
import { GSM_BASIC_CHARACTERS, GSM_EXTENSION_CHARACTERS, gsmSeptets, isGsmCharacter, septetsOf } from './gsm-alphabet';
import { analyzeMessage, countParts, detectEncoding, splitIntoParts, type MessageAnalysis } from './sms';

const gsm = (n: number) => 'a'.repeat(n);
/** 'č' (U+010D) is one UTF-16 unit and not in the GSM alphabet: the plainest Unicode filler. */
const ucs = (n: number) => 'č'.repeat(n);
const EMOJI = '😀'; // two UTF-16 units (a surrogate pair)

type Expected = Omit<MessageAnalysis, 'unicodeCharacters'>;

function expectAnalysis(text: string, expected: Expected): void {
  const { unicodeCharacters: _ignored, ...analysis } = analyzeMessage(text);
  expect(analysis).toEqual(expected);
}

describe('GSM 03.38 alphabet', () => {
  it('has the 127 basic characters (128 codes less the escape) and 10 extension characters', () => {
    expect(GSM_BASIC_CHARACTERS.size).toBe(127);
    expect(GSM_EXTENSION_CHARACTERS.size).toBe(10);
    expect(GSM_BASIC_CHARACTERS.has('\u001B')).toBe(false);
  });

  it('writes each character as its code, an extension character as the escape and its code', () => {
    expect([...gsmSeptets('@A_a§')]).toEqual([0x00, 0x41, 0x11, 0x61, 0x5f]);
    expect([...gsmSeptets('{€}')]).toEqual([0x1b, 0x28, 0x1b, 0x65, 0x1b, 0x29]);
    expect([...gsmSeptets('Δ\n')]).toEqual([0x10, 0x0a]);
    // Outside the alphabet: a space (the message would have been UCS-2).
    expect([...gsmSeptets('a`č')]).toEqual([0x61, 0x20, 0x20]);
    expect([...gsmSeptets('😀')]).toEqual([0x20, 0x20]);
    expect(gsmSeptets('').length).toBe(0);
  });

  it('carries every printable ASCII character except the backtick', () => {
    const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    expect(printable.filter((char) => !isGsmCharacter(char))).toEqual(['`']);
  });

  it.each([...'éèùìòÇØøÅåÄÖÑÜäöñüàÉÆæß¿¡§£¥¤@$_\n\r'])('carries %j in one septet', (char) => {
    expect(isGsmCharacter(char)).toBe(true);
    expect(septetsOf(char)).toBe(1);
  });

  it.each([...'ΔΦΓΛΩΠΨΣΘΞ'])('carries the Greek capital %s in one septet', (char) => {
    expect(isGsmCharacter(char)).toBe(true);
    expect(septetsOf(char)).toBe(1);
  });

  it.each([...'^{}\\[~]|€\f'])('carries %j in two septets (escape + extension)', (char) => {
    expect(isGsmCharacter(char)).toBe(true);
    expect(septetsOf(char)).toBe(2);
  });

  it.each([
    ['š', 'Slovene/Croatian letters the spec names'],
    ['đ', 'Slovene/Croatian letters the spec names'],
    ['ž', 'Slovene/Croatian letters the spec names'],
    ['ć', 'Slovene/Croatian letters the spec names'],
    ['č', 'Slovene/Croatian letters the spec names'],
    ['Š', 'capitals too'],
    ['Đ', 'capitals too'],
    ['Ž', 'capitals too'],
    ['Ć', 'capitals too'],
    ['Č', 'capitals too'],
    ['ç', 'only the capital Ç is in the table'],
    ['á', 'only the grave à is in the table'],
    ['ú', 'only the grave ù is in the table'],
    ['\u0391', 'Greek Alpha, not Latin A'],
    ['\u2126', 'the ohm sign, not Greek Omega'],
    ['`', 'backtick'],
    ['’', 'typographic apostrophe'],
    ['“', 'typographic quote'],
    ['\u00A0', 'no-break space'],
    ['\t', 'tab'],
    [EMOJI, 'emoji'],
  ])('does not carry %j (%s)', (char) => {
    expect(isGsmCharacter(char)).toBe(false);
  });
});

describe('analyzeMessage: GSM', () => {
  it.each<[string, string, Expected]>([
    ['empty', '', { encoding: 'gsm', units: 0, parts: 0, perPart: 160, remainingInPart: 160 }],
    ['1 character', gsm(1), { encoding: 'gsm', units: 1, parts: 1, perPart: 160, remainingInPart: 159 }],
    ['160 characters', gsm(160), { encoding: 'gsm', units: 160, parts: 1, perPart: 160, remainingInPart: 0 }],
    ['161 characters', gsm(161), { encoding: 'gsm', units: 161, parts: 2, perPart: 153, remainingInPart: 145 }],
    ['306 = 153 × 2', gsm(306), { encoding: 'gsm', units: 306, parts: 2, perPart: 153, remainingInPart: 0 }],
    ['307', gsm(307), { encoding: 'gsm', units: 307, parts: 3, perPart: 153, remainingInPart: 152 }],
    ['459 = 153 × 3', gsm(459), { encoding: 'gsm', units: 459, parts: 3, perPart: 153, remainingInPart: 0 }],
    ['1000 (the message maximum)', gsm(1000), { encoding: 'gsm', units: 1000, parts: 7, perPart: 153, remainingInPart: 71 }],
    ['€ ending at septet 160', gsm(158) + '€', { encoding: 'gsm', units: 160, parts: 1, perPart: 160, remainingInPart: 0 }],
    ['€ ending at septet 161', gsm(159) + '€', { encoding: 'gsm', units: 161, parts: 2, perPart: 153, remainingInPart: 145 }],
    ['€ ending at septet 162', gsm(160) + '€', { encoding: 'gsm', units: 162, parts: 2, perPart: 153, remainingInPart: 144 }],
    ['80 × € = 160 septets', '€'.repeat(80), { encoding: 'gsm', units: 160, parts: 1, perPart: 160, remainingInPart: 0 }],
    ['81 × € = 162 septets, 76 per part', '€'.repeat(81), { encoding: 'gsm', units: 162, parts: 2, perPart: 153, remainingInPart: 143 }],
    ['€ filling part 1 exactly', gsm(151) + '€' + gsm(10), { encoding: 'gsm', units: 163, parts: 2, perPart: 153, remainingInPart: 143 }],
    ['€ straddling parts 1 and 2 moves to part 2', gsm(152) + '€' + gsm(10), { encoding: 'gsm', units: 164, parts: 2, perPart: 153, remainingInPart: 141 }],
    ['306 septets, € at the boundary: 3 parts, not 2', gsm(152) + '€' + gsm(152), { encoding: 'gsm', units: 306, parts: 3, perPart: 153, remainingInPart: 152 }],
    ['306 septets, € inside part 1: 2 parts', gsm(151) + '€' + gsm(153), { encoding: 'gsm', units: 306, parts: 2, perPart: 153, remainingInPart: 0 }],
    ['1000 × €: 76 per part', '€'.repeat(1000), { encoding: 'gsm', units: 2000, parts: 14, perPart: 153, remainingInPart: 129 }],
    ['every extension character', '^{}\\[~]|€\f', { encoding: 'gsm', units: 20, parts: 1, perPart: 160, remainingInPart: 140 }],
    ['accented letters in the basic table', 'Café Müller, Ørsted & Ñandù: ¿ß?', { encoding: 'gsm', units: 32, parts: 1, perPart: 160, remainingInPart: 128 }],
  ])('%s', (_name, text, expected) => {
    expectAnalysis(text, expected);
  });

  it('lists no Unicode characters for a GSM message', () => {
    expect(analyzeMessage('Hello {name}, 5 € off!').unicodeCharacters).toEqual([]);
  });
});

describe('analyzeMessage: Unicode', () => {
  it.each<[string, string, Expected]>([
    ['one č', 'č', { encoding: 'unicode', units: 1, parts: 1, perPart: 70, remainingInPart: 69 }],
    ['70 units', ucs(70), { encoding: 'unicode', units: 70, parts: 1, perPart: 70, remainingInPart: 0 }],
    ['71 units', ucs(71), { encoding: 'unicode', units: 71, parts: 2, perPart: 67, remainingInPart: 63 }],
    ['134 = 67 × 2', ucs(134), { encoding: 'unicode', units: 134, parts: 2, perPart: 67, remainingInPart: 0 }],
    ['135 units: 3 parts (the spec formula says 2)', ucs(135), { encoding: 'unicode', units: 135, parts: 3, perPart: 67, remainingInPart: 66 }],
    ['1000 units', ucs(1000), { encoding: 'unicode', units: 1000, parts: 15, perPart: 67, remainingInPart: 5 }],
    ['one č turns 69 GSM characters into Unicode', gsm(69) + 'č', { encoding: 'unicode', units: 70, parts: 1, perPart: 70, remainingInPart: 0 }],
    ['one č turns 70 GSM characters into 2 Unicode parts', gsm(70) + 'č', { encoding: 'unicode', units: 71, parts: 2, perPart: 67, remainingInPart: 63 }],
    ['€ costs one unit, not two, in Unicode', 'č' + '€'.repeat(69), { encoding: 'unicode', units: 70, parts: 1, perPart: 70, remainingInPart: 0 }],
    ['emoji ending at unit 70', ucs(68) + EMOJI, { encoding: 'unicode', units: 70, parts: 1, perPart: 70, remainingInPart: 0 }],
    ['emoji ending at unit 71', ucs(69) + EMOJI, { encoding: 'unicode', units: 71, parts: 2, perPart: 67, remainingInPart: 63 }],
    ['emoji filling part 1 exactly', ucs(65) + EMOJI + ucs(67), { encoding: 'unicode', units: 134, parts: 2, perPart: 67, remainingInPart: 0 }],
    ['134 units, emoji straddling the boundary: 3 parts, not 2', ucs(66) + EMOJI + ucs(66), { encoding: 'unicode', units: 134, parts: 3, perPart: 67, remainingInPart: 66 }],
    ['35 emoji = 70 units', EMOJI.repeat(35), { encoding: 'unicode', units: 70, parts: 1, perPart: 70, remainingInPart: 0 }],
    ['36 emoji = 72 units, 33 per part', EMOJI.repeat(36), { encoding: 'unicode', units: 72, parts: 2, perPart: 67, remainingInPart: 61 }],
    ['a lone surrogate is one unit', '\uD83D', { encoding: 'unicode', units: 1, parts: 1, perPart: 70, remainingInPart: 69 }],
  ])('%s', (_name, text, expected) => {
    expectAnalysis(text, expected);
  });

  it.each([
    ['č', ['č']],
    ['Pozdravljeni, č', ['č']],
    ['šđžćč ŠĐŽĆČ', ['š', 'đ', 'ž', 'ć', 'č', 'Š', 'Đ', 'Ž', 'Ć', 'Č']],
    ['Čaj in čokolada, žal ne', ['Č', 'č', 'ž']],
    [`Hi ${EMOJI}${EMOJI} and \`code\``, [EMOJI, '`']],
  ])('lists the characters forcing Unicode in %j, once each, in order', (text, expected) => {
    expect(analyzeMessage(text).unicodeCharacters).toEqual(expected);
  });
});

describe('splitIntoParts', () => {
  it.each<[string, string, string[]]>([
    ['empty', '', []],
    ['single GSM part is the text itself', gsm(160), [gsm(160)]],
    ['161 GSM', gsm(161), [gsm(153), gsm(8)]],
    ['€ kept whole, moved to part 2', gsm(152) + '€' + gsm(152), [gsm(152), '€' + gsm(151), gsm(1)]],
    ['€ fitting at the end of part 1', gsm(151) + '€' + gsm(10), [gsm(151) + '€', gsm(10)]],
    ['135 Unicode', ucs(135), [ucs(67), ucs(67), ucs(1)]],
    ['surrogate pair kept whole, moved to part 2', ucs(66) + EMOJI + ucs(66), [ucs(66), EMOJI + ucs(65), ucs(1)]],
  ])('%s', (_name, text, expected) => {
    expect(splitIntoParts(text)).toEqual(expected);
  });

  // A seeded mix of the characters whose sizes differ, at every length up to the maximum.
  function randomMessages(count: number): string[] {
    const alphabet = ['a', '€', '[', 'č', EMOJI, ' ', 'é'];
    let seed = 20240601;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    return Array.from({ length: count }, () => {
      const length = next() % 1001;
      const gsmOnly = next() % 2 === 0;
      const pool = gsmOnly ? alphabet.filter((char) => isGsmCharacter(char)) : alphabet;
      return Array.from({ length }, () => pool[next() % pool.length]).join('');
    });
  }

  it('keeps every invariant for 300 seeded random messages of up to 1000 characters', () => {
    randomMessages(300).forEach((text, i) => {
      const analysis = analyzeMessage(text);
      const parts = splitIntoParts(text);
      const label = `message #${i} (${analysis.encoding}, ${analysis.units} units)`;
      const unitsOf = (part: string) =>
        analysis.encoding === 'gsm' ? [...part].reduce((sum, char) => sum + septetsOf(char), 0) : part.length;

      expect(parts.join(''), label).toBe(text);
      expect(parts, label).toHaveLength(analysis.parts);
      expect(countParts(text), label).toBe(analysis.parts);
      expect(detectEncoding(text), label).toBe(analysis.encoding);
      for (const part of parts) expect(unitsOf(part), label).toBeLessThanOrEqual(analysis.perPart);
      // Greedy: a part only ends early when the next character would not fit whole.
      parts.slice(0, -1).forEach((part, p) => {
        const firstOfNext = [...(parts[p + 1] ?? '')][0] ?? '';
        expect(unitsOf(part + firstOfNext), label).toBeGreaterThan(analysis.perPart);
      });
      expect(analysis.parts, label).toBeGreaterThanOrEqual(Math.ceil(analysis.units / analysis.perPart));
      expect(analysis.remainingInPart, label).toBe(analysis.perPart - unitsOf(parts.at(-1) ?? ''));
    });
  });
});
