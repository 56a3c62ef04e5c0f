import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import './shared/i18n';

// `npm test` runs every project at once on two cores: waits end as soon as what they wait for
// appears; only a failure waits the longer time.
configure({ asyncUtilTimeout: 15_000 });

// sonner removes a dismissed toast 200 ms later on a timer that outlives its Toaster; were the
// file's DOM torn down first, React would throw from that timer. A file's last case waits it out.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
