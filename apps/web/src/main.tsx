import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { createQueryClient } from './lib/query-client';
import { currentUserQuery } from './lib/session/current-user';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Who is signed in was asked with the HTML (index.html preloads GET /api/auth/session); the query
// takes that reply rather than asking again after the route's chunk has arrived.
const queryClient = createQueryClient();
const session = queryClient.prefetchQuery(currentUserQuery);

// A transition lets React render the first screen in slices, yielding to the browser between
// them: no long task that blocks input while a page builds (Total Blocking Time).
const root = createRoot(container);
function render() {
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

// The session reply is nearly always in by the time this code has run: the first render waits
// for it, so it is the page itself rather than the guards' spinner and then the page (one
// render fewer on a slow phone). A slow reply gets the spinner after SESSION_WAIT_MS.
const SESSION_WAIT_MS = 300;
void Promise.race([session, new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]).then(render);
