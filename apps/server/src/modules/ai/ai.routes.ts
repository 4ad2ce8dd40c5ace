// POST /api/ai/sms-suggestions (admins, spec §6): message drafts for the Send page. When the
// configured AI endpoint fails, the offline generator answers instead, so the button always helps;
// the failure is logged for the operator.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { aiSuggestionsBodySchema, aiSuggestionsResponseSchema } from '@kurir/core';
import { OfflineSuggestions } from '../../providers/ai/offline';
import type { AiProvider } from '../../providers/ai/types';

export function aiRoutes(deps: { ai: AiProvider }) {
  const offline = new OfflineSuggestions();
  return async function (app: FastifyInstance) {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/ai/sms-suggestions',
      {
        config: { access: 'admin', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { body: aiSuggestionsBodySchema, response: { 200: aiSuggestionsResponseSchema } },
      },
      async (request) => {
        let suggestions: string[];
        try {
          suggestions = await deps.ai.suggest(request.body);
        } catch (error) {
          request.log.warn({ err: error, provider: deps.ai.name }, 'AI suggestions failed; offline suggestions used');
          suggestions = [];
        }
        if (suggestions.length === 0) suggestions = await offline.suggest(request.body);
        return { success: suggestions.length > 0, suggestions };
      },
    );
  };
}
