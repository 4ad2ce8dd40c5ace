// Suggestions from any OpenAI-compatible chat endpoint (OpenAI, Azure's compatible API, a local
// Ollama or vLLM): POST {AI_BASE_URL}/chat/completions. The model is asked for a JSON array of
// short drafts; a plain numbered list is accepted too.
import { SUGGESTION_COUNT, type AiProvider, type SuggestionRequest } from './types';

export interface OpenAiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

const MAX_SUGGESTION_LENGTH = 480;

export class OpenAiCompatibleSuggestions implements AiProvider {
  readonly name = 'openai-compatible';

  constructor(private readonly options: OpenAiOptions) {}

  async suggest(request: SuggestionRequest): Promise<string[]> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const response = await fetch(url, {
      method: 'POST',
      headers,
      signal: AbortSignal.timeout(this.options.timeoutMs),
      body: JSON.stringify({
        model: this.options.model,
        temperature: 0.9,
        messages: [
          {
            role: 'system',
            content:
              'You write SMS messages for businesses. Each message must fit in one SMS: at most 160 characters, ' +
              'plain GSM characters only (no emoji, no curly quotes). Reply with a JSON array of strings and nothing else.',
          },
          { role: 'user', content: promptFor(request) },
        ],
      }),
    });
    if (!response.ok) throw new Error(`AI endpoint answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('AI endpoint returned no message');
    return parseSuggestions(content);
  }
}

function promptFor(r: SuggestionRequest): string {
  const business = r.businessType.trim() || 'a small business';
  const who = r.recipient?.trim() && !/\d/.test(r.recipient) ? ` addressed to ${r.recipient.trim()}` : '';
  return `Write ${SUGGESTION_COUNT} different ${r.messageType} SMS messages for ${business}${who}. Vary tone and wording.`;
}

/** A JSON array of strings, possibly inside a code fence; else one suggestion per listed line. */
export function parseSuggestions(content: string): string[] {
  const text = content.replace(/^```(?:json)?\s*|\s*```$/g, '').trim();
  let items: unknown = null;
  try {
    items = JSON.parse(text);
  } catch {
    items = text.split('\n').map((line) => line.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').replace(/^"|"$/g, ''));
  }
  if (!Array.isArray(items)) return [];
  return items
    .filter((s): s is string => typeof s === 'string')
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= MAX_SUGGESTION_LENGTH)
    .slice(0, SUGGESTION_COUNT);
}
