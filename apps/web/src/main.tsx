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

// Who is signed in is asked at once, in parallel with loading the page's code, rather than after
// the route's chunk has arrived and the guard has rendered.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(currentUserQuery);

// A transition lets React render the first screen in slices, yielding to the browser between
// them: no long task that blocks input while a page builds (Total Blocking Time).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
