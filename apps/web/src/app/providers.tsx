// Everything the app needs around it: theme, toasts and the query cache. (No @mantine/modals
// provider: it would put the modal library on every page; dialogs are rendered where they are used.)
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '../components/toast-host';
import { cssVariablesResolver, theme } from './theme';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
