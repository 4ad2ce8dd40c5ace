// Everything the app needs around it: theme, toasts and the query cache. (No @mantine/modals
// provider: it would put the modal library on every page; dialogs are rendered where they are used.)
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS } from '@kurir/core/constants';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <Notifications limit={1} autoClose={TOAST_DURATION_MS} position="bottom-right" />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
