import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, createQueryClient } from './app/providers';
import { OfflineScreen, UpdatePrompt } from './app/pwa';
import { createAppRouter } from './app/router';
import './shared/i18n';
import './styles.css';

const router = createAppRouter();
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
      <OfflineScreen />
      <UpdatePrompt />
    </Providers>
  </StrictMode>,
);
