// POST /api/ai/sms-suggestions (admins): message drafts for the Send page.
import { useMutation } from '@tanstack/react-query';
import type { AiSuggestionsBody, AiSuggestionsResponse } from '@kurir/core/schemas/messages';
import { api } from '../../../lib/api';

export function useAiSuggestions() {
  return useMutation({
    mutationFn: (body: AiSuggestionsBody) => api.post<AiSuggestionsResponse>('/api/ai/sms-suggestions', body),
  });
}
