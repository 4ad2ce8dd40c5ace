// The paths the web app answers (spec §2 route table, plus the footer pages and the dev outbox).
// The server reads this list to answer HTTP 404 for any other path, and a web test keeps it
// equal to the router's table, so the two cannot drift apart.

/** Route patterns as React Router writes them: `:name` is one segment, a trailing `*` any rest. */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/register',
  '/verify',
  '/help',
  '/privacy',
  '/terms',
  '/docs/api',
  '/dashboard',
  '/dashboard/send-sms',
  '/dashboard/messages',
  '/dashboard/scheduled-messages',
  '/dashboard/phonebook',
  '/dashboard/phonebook/:id/entries',
  '/dashboard/profile',
  '/dashboard/products',
  '/dashboard/settings',
  '/dashboard/templates',
  '/admin',
  '/admin/*',
  '/dev/outbox',
] as const;

function segments(path: string) {
  return path.split('/').filter(Boolean);
}

/** Whether a URL path (no query) matches a route pattern; case-insensitive like the router. */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const wanted = segments(pathname.toLowerCase());
  const parts = segments(pattern);
  if (parts.at(-1) === '*') return wanted.length >= parts.length && parts.slice(0, -1).every((p, i) => p === wanted[i]);
  return parts.length === wanted.length && parts.every((p, i) => p.startsWith(':') || p === wanted[i]);
}

/** Whether a URL path (no query) is one of the app's pages. */
export function isAppRoute(pathname: string): boolean {
  return APP_ROUTE_PATTERNS.some((pattern) => matchesRoutePattern(pattern, pathname));
}
