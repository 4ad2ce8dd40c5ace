// What the Send page's AI Suggestions need from a text generator: a few short message drafts for
// a kind of message and a kind of business. The built-in offline generator is the default; an
// OpenAI-compatible endpoint is used when AI_BASE_URL is set (registry.ts).
import type { MessageType } from '@kurir/core';

export interface SuggestionRequest {
  messageType: MessageType;
  /** Free text, e.g. 'dental clinic'; may be empty. */
  businessType: string;
  /** Who it is for, if known (a name or a number). */
  recipient?: string;
}

export interface AiProvider {
  readonly name: string;
  /** A few varied drafts, each fitting one SMS where possible. */
  suggest(request: SuggestionRequest): Promise<string[]>;
}

export const SUGGESTION_COUNT = 5;
