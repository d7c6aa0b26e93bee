import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { configureHttp } from './lib/http';
import { initI18n } from './lib/i18n';

await initI18n();
const router = createAppRouter();
configureHttp({
  navigate: (to) => void router.navigate(to, { replace: true }),
  currentPath: () => router.state.location.pathname + router.state.location.search,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
