import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import { DirectionProvider, MantineProvider, createTheme } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n, savedLanguage } from '../lib/i18n';

export const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'sm' });

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 }, mutations: { retry: false } } });

/** Mantine with the language's direction (`ar` right-to-left), TanStack Query and i18next. */
export function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  const dir = directionOf(savedLanguage());
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={theme}>
          <QueryClientProvider client={client}>
            <ModalsProvider>
              <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} />
              {children}
            </ModalsProvider>
          </QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
