import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { config as zodConfig } from 'zod/v4/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { router } from './app/router';

// zod compiles object parsers with `new Function` unless told not to, which the CSP (no
// 'unsafe-eval') refuses and reports on every page. Set before any schema parses.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
