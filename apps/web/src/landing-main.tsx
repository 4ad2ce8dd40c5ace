// The landing page's own entry (landing.html, served for "/"): React, the theme and the few
// Mantine components the page shows, with only their CSS. No router, no query cache, no zod, no
// phone rules: a first visit on a phone downloads a fraction of the app. Links to the sign-in
// pages are plain links into the app (index.html).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/VisuallyHidden.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicFrame } from './app/layouts/public-frame';
import { cssVariablesResolver, theme } from './app/theme';
import { LandingPage } from './features/landing/landing-page';

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// Rendered in a transition: React builds the page in slices and yields between them, so no long
// task blocks the main thread (Total Blocking Time on a slow phone).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <PublicFrame>
          <LandingPage />
        </PublicFrame>
      </MantineProvider>
    </StrictMode>,
  );
});
