// POST /api/messages/quote: what a send would count and cost, resolved by the server exactly as
// the send will be (a number in two phonebooks counts once). The Send page asks it only for
// phonebook sends, so the browser never downloads a whole phonebook to count it. A read, so a
// query; its key holds the body.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { quoteMessageBodySchema, QuoteMessageResponse } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';

/** The body as sent: message and channel may be left to their defaults. */
export type QuoteBody = z.input<typeof quoteMessageBodySchema>;

export const quoteMessageKey = (body: QuoteBody) => [...queryRoots.messages, 'quote', body] as const;

export const quoteMessage = (body: QuoteBody) => api.post<QuoteMessageResponse>('/api/messages/quote', body);

export const quoteMessageQuery = (body: QuoteBody) =>
  queryOptions({
    queryKey: quoteMessageKey(body),
    queryFn: () => quoteMessage(body),
    // Phonebooks change on other pages (and in other sessions): count again whenever the Send
    // page shows a quote, rather than trusting one from before.
    staleTime: 0,
  });
