import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { toast } from 'sonner';
import { i18nReady, loadAllTexts } from '../shared/i18n';
import { liftTapShield } from '../shared/ui/tapShield';

// The language texts are chunks loaded on demand: tests start once the first language is in, whole
// (screens are drawn here without the router, which loads the texts' second part in the app).
await i18nReady;
await loadAllTexts();
// The answers' schemas load with the first call in the app; here they are in before any case
// starts, so one that runs on a fake clock does not wait for a module that clock holds up.
await import('../shared/api/answer-schemas');

// `npm test` runs every project at once on two cores: a screen that answers in 50 ms alone has taken
// over five seconds then. Waits end as soon as what they wait for appears; only a failure waits
// longer (the test's own limit is 20 s).
configure({ asyncUtilTimeout: 15_000 });

// sonner removes a dismissed toast 200 ms later on a timer that outlives its Toaster; were the
// file's DOM torn down first, React would throw from that timer. A file's last case waits it out.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));

afterEach(() => {
  // sonner keeps its toasts beside the Toaster and shows those still up to the next one mounted: a
  // case starts with none of the previous case's.
  toast.dismiss();
  cleanup();
  // A dialog closed at the end of one case must not swallow the next case's first taps.
  liftTapShield();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no matchMedia, IntersectionObserver or ResizeObserver; carousels (embla) ask for them.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
globalThis.IntersectionObserver ??= InertObserver as unknown as typeof IntersectionObserver;
globalThis.ResizeObserver ??= InertObserver as unknown as typeof ResizeObserver;
