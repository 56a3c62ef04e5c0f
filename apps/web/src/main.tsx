import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { OfflineScreen } from './app/pwa';
import { createAppRouter } from './app/router';
import i18n, { i18nReady } from './shared/i18n';
import './styles.css';

const router = createAppRouter();

/** The faces a language's letters are drawn in (src/fonts.css), and one of those letters. */
const SCRIPT_FONTS: Partial<Record<string, [family: string, letter: string]>> = { th: ['Noto Sans Thai', 'ก'], lo: ['Noto Sans Lao', 'ກ'] };

/**
 * Thai (or Lao) text is drawn in its font from the first paint, never in a fallback swapped later:
 * the app waits for the three weights of its letters' faces (the build's own are preloaded with the
 * page, vite.config.ts), at most 3 s, like a browser's block period. The fonts usually arrive before
 * the script, which is larger; since /login's script is one file it can win the race.
 * Not `font-display: block` in CSS: the other script's faces, measured for the language menu, then
 * held the first paint too.
 */
function scriptFonts(): Promise<unknown> {
  const [family, letter] = SCRIPT_FONTS[i18n.language] ?? [];
  if (!family) return Promise.resolve();
  const loaded = Promise.all([400, 600, 700].map((weight) => document.fonts.load(`${weight} 1em "${family}"`, letter)));
  return Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]).catch(() => undefined);
}

// The first screen's loaders and the chosen language's texts load side by side; the app is drawn
// once the texts (and their letters' fonts) are in, so no one ever sees a key instead of a word.
// Drawn as a transition, the first render yields to the browser every few milliseconds instead of
// holding a phone's main thread for a fifth of a second (ADR 0459).
void i18nReady.then(scriptFonts).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
        <OfflineScreen />
      </StrictMode>,
    ),
  );
});
