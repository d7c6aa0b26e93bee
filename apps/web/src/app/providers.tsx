import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import 'dayjs/locale/ar';
import 'dayjs/locale/es';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n, savedLanguage } from '../lib/i18n';
import { cssVariablesResolver, theme } from './theme';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 }, mutations: { retry: false } } });

/** Mantine with the language's direction (`ar` right-to-left), TanStack Query and i18next. */
export function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  const lang = savedLanguage();
  const dir = directionOf(lang);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir} detectDirection={false}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <DatesProvider settings={{ locale: lang, firstDayOfWeek: 1 }}>
            <QueryClientProvider client={client}>
              <ModalsProvider>
                <Notifications position={dir === 'rtl' ? 'top-left' : 'top-right'} />
                {children}
              </ModalsProvider>
            </QueryClientProvider>
          </DatesProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
