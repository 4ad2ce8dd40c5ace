// The user as <RequireAuth> last saw them, for the pages behind it. Read through context rather
// than the query: after logout the cache already says "nobody" while the old page is still on
// screen for a frame, and that page must not fall over.
import { createContext, useContext } from 'react';
import type { User } from '@kurir/core/schemas/auth';

export const SignedInUserContext = createContext<User | null>(null);

export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser used outside <RequireAuth>');
  return user;
}
