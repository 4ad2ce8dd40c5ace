// Which words of a search the word index is asked for (history-text.ts lexemesForIndex): all of
// them, but those far more common than the search's rarest, from the index's statistics.
import { describe, expect, it } from 'vitest';
import { lexemesForIndex } from './history-text';

// The shares of a million texts like the benchmark's: 'order' in 80 %, 'reminder' in 10 %.
const stats = { floor: 0.0156, shares: { order: 0.8, your: 0.9, sale: 0.2, reminder: 0.099, appointment: 0.099, '10': 0.0174, '11': 0.0196 } };

describe('lexemesForIndex', () => {
  it('leaves out a word ten times as common as the rarest, and keeps words of like shares', () => {
    expect(lexemesForIndex(['42', 'order'], '42', stats)).toEqual(['42']);
    expect(lexemesForIndex(['4242', 'order', 'your'], '4242', stats)).toEqual(['4242']);
    // 'reminder' is six times as common as a word not in the statistics: both are asked for.
    expect(lexemesForIndex(['9', 'reminder'], '9', stats)).toEqual(['9', 'reminder']);
    expect(lexemesForIndex(['appointment', 'reminder'], 'appointment', stats)).toEqual(['appointment', 'reminder']);
    expect(lexemesForIndex(['order', 'your'], 'order', stats)).toEqual(['order', 'your']);
  });

  it('takes the word still being typed as a prefix: the shares of every listed word it begins', () => {
    // '1':* begins '10' and '11' (3.7 %): 'sale' (20 %) is under ten times that...
    expect(lexemesForIndex(['1', 'sale'], '1', stats)).toEqual(['1', 'sale']);
    // ...but a finished '1' is a word of its own, rarer than any listed (1.56 % at most).
    expect(lexemesForIndex(['1', 'sale'], 'sale', stats)).toEqual(['1']);
    // 'remind':* begins 'reminder': as common as it.
    expect(lexemesForIndex(['appointment', 'remind'], 'remind', stats)).toEqual(['appointment', 'remind']);
  });

  it('asks for every word without statistics, and for a search of one word', () => {
    expect(lexemesForIndex(['42', 'order'], '42', null)).toEqual(['42', 'order']);
    expect(lexemesForIndex(['order'], 'order', stats)).toEqual(['order']);
    expect(lexemesForIndex([], '', stats)).toEqual([]);
  });
});
