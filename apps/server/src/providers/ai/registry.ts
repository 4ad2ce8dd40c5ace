// Picks the suggestion generator: an OpenAI-compatible endpoint when configured, else offline.
import type { Config } from '../../config';
import { OfflineSuggestions } from './offline';
import { OpenAiCompatibleSuggestions } from './openai-compatible';
import type { AiProvider } from './types';

export function createAiProvider(config: Config['ai']): AiProvider {
  if (config.baseUrl) {
    return new OpenAiCompatibleSuggestions({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      timeoutMs: config.timeoutMs,
    });
  }
  return new OfflineSuggestions();
}
