// POST /api/admin/add-user-credit: one credit_addition ledger entry carrying the admin's id. The
// dialog makes a request id once per addition, so a retried request adds the credit once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CREDIT_MESSAGES, type AddCreditBody, type addCreditResponseSchema } from '@kurir/core';
import { api, isApiError } from '../../../../lib/api';
import { queryRoots } from '../../../../lib/query-keys';

export type AddCreditReply = z.infer<typeof addCreditResponseSchema>;

/** The server answered with something that is not JSON, or not the credit reply (admin spec §7). */
export class InvalidReplyError extends Error {
  constructor() {
    super(CREDIT_MESSAGES.invalidResponse);
    this.name = 'InvalidReplyError';
  }
}

function isCreditReply(reply: unknown): reply is AddCreditReply {
  return reply !== null && typeof reply === 'object' && 'success' in reply && reply.success === true && 'user' in reply;
}

export async function addCredit(body: AddCreditBody): Promise<AddCreditReply> {
  let reply: unknown;
  try {
    reply = await api.post<unknown>('/api/admin/add-user-credit', body);
  } catch (error) {
    // apiRequest parses a 2xx body as JSON: a SyntaxError means the body was not JSON.
    if (error instanceof SyntaxError) throw new InvalidReplyError();
    // An error reply that is not JSON either (a proxy's 502 page).
    if (isApiError(error) && typeof error.body === 'string') throw new InvalidReplyError();
    throw error;
  }
  if (!isCreditReply(reply)) throw new InvalidReplyError();
  return reply;
}

export function useAddCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCredit,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.adminUsers }),
        queryClient.invalidateQueries({ queryKey: queryRoots.ledger }),
        queryClient.invalidateQueries({ queryKey: queryRoots.adminOverview }),
        // Crediting oneself moves the header's balance.
        queryClient.invalidateQueries({ queryKey: queryRoots.session }),
      ]),
  });
}
