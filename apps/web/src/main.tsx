import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { OfflineScreen, UpdatePrompt } from './app/pwa';
import { createAppRouter } from './app/router';
import { i18nReady } from './shared/i18n';
import './styles.css';

const router = createAppRouter();

// The first screen's loaders and the chosen language's texts load side by side; the app is drawn
// once the texts are in, so no one ever sees a key instead of a word.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <OfflineScreen />
        <UpdatePrompt />
      </Providers>
    </StrictMode>,
  ),
);
