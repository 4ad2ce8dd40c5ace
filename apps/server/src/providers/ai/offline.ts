// The built-in suggestion generator: no network, no model. Phrasings per message type are filled
// with words that suit the kind of business (a restaurant books tables, a clinic appointments),
// shuffled, and kept to one GSM SMS (160 characters, no Unicode) whenever a phrasing allows it.
import { analyzeMessage } from '@kurir/core';
import { SUGGESTION_COUNT, type AiProvider, type SuggestionRequest } from './types';

interface Vocabulary {
  /** What the business is called in a sentence ('our salon'). */
  place: string;
  /** What a customer books or orders. */
  booking: string;
  /** What they come in for. */
  visit: string;
  /** A thing worth a discount. */
  offer: string;
}

const VOCABULARIES: { match: RegExp; words: Vocabulary }[] = [
  { match: /restaurant|cafe|café|bistro|bar|pizz|food|bakery/i, words: { place: 'our restaurant', booking: 'table', visit: 'dinner', offer: 'your next meal' } },
  { match: /salon|hair|beauty|barber|spa|nail/i, words: { place: 'our salon', booking: 'appointment', visit: 'visit', offer: 'your next treatment' } },
  // A pharmacy fills prescriptions; it is not a clinic (checked before the clinic's words).
  { match: /pharm|chemist|drugstore/i, words: { place: 'our pharmacy', booking: 'prescription', visit: 'pickup', offer: 'your next purchase' } },
  { match: /dent|clinic|doctor|medical|health|physio/i, words: { place: 'our clinic', booking: 'appointment', visit: 'check-up', offer: 'a check-up' } },
  { match: /gym|fitness|yoga|sport|pilates/i, words: { place: 'our gym', booking: 'class', visit: 'workout', offer: 'your next membership month' } },
  { match: /auto|car|garage|mechanic|tyre|tire/i, words: { place: 'our garage', booking: 'service slot', visit: 'car service', offer: 'your next service' } },
  { match: /hotel|hostel|apartment|travel|tour/i, words: { place: 'our hotel', booking: 'reservation', visit: 'stay', offer: 'your next stay' } },
  { match: /shop|store|retail|boutique|fashion|e-?commerce/i, words: { place: 'our shop', booking: 'order', visit: 'visit', offer: 'your next purchase' } },
  { match: /school|course|academy|tutor|education/i, words: { place: 'our school', booking: 'lesson', visit: 'lesson', offer: 'the next course' } },
  { match: /deliver|courier|logistic|shipping/i, words: { place: 'our delivery service', booking: 'delivery', visit: 'delivery', offer: 'your next delivery' } },
];

// The phrasings say "at ${place}" and "with ${place}": a place, never a group of people ('your
// appointment at our team' reads wrong). Without a business type it is just 'our business'.
const GENERIC: Vocabulary = { place: 'our business', booking: 'appointment', visit: 'visit', offer: 'your next order' };

type Phrase = (w: Vocabulary & { hi: string; brand: string }) => string;

const PHRASES: Record<SuggestionRequest['messageType'], Phrase[]> = {
  general: [
    (w) => `${w.hi}thank you for choosing ${w.brand}. We are here if you need anything - just reply to this message.`,
    (w) => `${w.hi}a quick update from ${w.brand}: our opening hours change next week. Reply if you have any questions.`,
    (w) => `${w.hi}we value your feedback! How was your last ${w.visit} with ${w.brand}? Reply with a score from 1 to 5.`,
    (w) => `${w.hi}${w.brand} has news for you. Visit us or reply to this message to find out more.`,
    (w) => `${w.hi}thanks for being with ${w.brand}. Save this number to reach us quickly at any time.`,
  ],
  marketing: [
    (w) => `${w.hi}this week only: 20% off ${w.offer} at ${w.brand}. Show this message to redeem. Offer ends Sunday.`,
    (w) => `${w.hi}we miss you! Come back to ${w.brand} and get 15% off ${w.offer}. Valid until the end of the month.`,
    (w) => `${w.hi}flash sale at ${w.brand}! Book a ${w.booking} today and save 25%. Limited places - reply YES to claim.`,
    (w) => `${w.hi}bring a friend to ${w.brand} and you both get 10% off ${w.offer}. Just mention this message.`,
    (w) => `${w.hi}new season, new offers at ${w.brand}. Reply INFO for this month's deals.`,
  ],
  reminder: [
    (w) => `${w.hi}a reminder of your ${w.booking} at ${w.brand} tomorrow. Reply C to confirm or R to reschedule.`,
    (w) => `${w.hi}your ${w.visit} with ${w.brand} is coming up soon. Please arrive 10 minutes early.`,
    (w) => `${w.hi}don't forget your ${w.booking} at ${w.brand} today. Can't make it? Reply and we'll find a new time.`,
    (w) => `${w.hi}it's time to book your next ${w.visit} at ${w.brand}. Reply BOOK and we'll call you back.`,
    (w) => `${w.hi}friendly reminder from ${w.brand}: your ${w.booking} is this week. See you soon!`,
  ],
  notification: [
    (w) => `${w.hi}your ${w.booking} with ${w.brand} has been updated. Reply if anything looks wrong.`,
    (w) => `${w.hi}${w.brand} here: your order is ready. You can pick it up during opening hours.`,
    (w) => `${w.hi}please note: ${w.brand} will be closed on Monday. We are open as usual from Tuesday.`,
    (w) => `${w.hi}your ${w.visit} with ${w.brand} is complete. Thank you, and see you next time!`,
    (w) => `${w.hi}important update from ${w.brand}: we have changed our phone number. Save this one.`,
  ],
  confirmation: [
    (w) => `${w.hi}your ${w.booking} at ${w.brand} is confirmed. We look forward to seeing you!`,
    (w) => `${w.hi}thank you! ${w.brand} has received your ${w.booking}. Reply to this message to change it.`,
    (w) => `${w.hi}booking confirmed with ${w.brand}. Need to cancel? Reply CANCEL at least 24 hours before.`,
    (w) => `${w.hi}we confirm your ${w.booking} with ${w.brand}. A reminder will follow the day before.`,
    (w) => `${w.hi}all set! Your ${w.visit} with ${w.brand} is booked. Reply if you have any questions.`,
  ],
};

function vocabularyFor(businessType: string): Vocabulary {
  return VOCABULARIES.find((v) => v.match.test(businessType))?.words ?? GENERIC;
}

/** 'Hi Ana, ' for a name; nothing for a number or nobody. */
function greeting(recipient: string | undefined): string {
  const name = recipient?.trim();
  if (!name || /\d/.test(name)) return '';
  return `Hi ${name.split(/\s+/)[0]}, `;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const fitsOneSms = (text: string) => {
  const a = analyzeMessage(text);
  return a.encoding === 'gsm' && a.parts === 1;
};

export class OfflineSuggestions implements AiProvider {
  readonly name = 'offline';

  constructor(private readonly random: () => number = Math.random) {}

  async suggest(request: SuggestionRequest): Promise<string[]> {
    const words = vocabularyFor(request.businessType);
    const hi = greeting(request.recipient);
    const business = request.businessType.trim().toLowerCase();
    const brand = words === GENERIC && business && business.length <= 30 ? `our ${business}` : words.place;
    const filled = PHRASES[request.messageType].map((phrase) => capitalise(phrase({ ...words, hi, brand })));
    // Those that fit one SMS first, each group in a fresh order, so two clicks give varied lists.
    const fitting = this.shuffle(filled.filter(fitsOneSms));
    const longer = this.shuffle(filled.filter((s) => !fitsOneSms(s)));
    return [...fitting, ...longer].slice(0, SUGGESTION_COUNT);
  }

  private shuffle<T>(items: T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
}
