import { type Locator, type Page, expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { LoginPage } from '../pages/login-page';
import { ProfilePage } from '../pages/profile-page';
import { StatementPage } from '../pages/statement-page';
import { UNSPLIT_WORDS } from '../../apps/web/src/shared/i18n/keepWords';
import { keepScreenshot, pauseSpinCampaigns, registerViaApi } from '../support';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** The element a tap at the centre of `locator` would reach is the control itself (nothing lies over it). */
async function expectTappable(page: Page, locator: Locator): Promise<void> {
  const { x, y, width, height } = await box(locator);
  const reached = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button, select, a')?.outerHTML ?? '', [x + width / 2, y + height / 2]);
  expect(reached).toBe(await locator.evaluate((element) => element.outerHTML));
}

test('a toast covers neither the top bar (language, logout) nor the bottom menu', async ({ page, request }) => {
  // The collect-all tile shows only while no spin campaign runs (SPEC §1).
  await pauseSpinCampaigns(request);
  const member = await registerViaApi(request);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(member.phone, member.password, { remember: true });
  const home = new HomePage(page);
  await expect(home.totalBalance()).toBeVisible();

  await home.tile('collect').click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await page.waitForTimeout(600); // sonner's enter animation
  await keepScreenshot(page, 'toast-home');

  const header = await box(page.locator('header'));
  const menu = await box(page.getByRole('navigation'));
  const shown = await box(toast);
  expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(shown.y + shown.height).toBeLessThanOrEqual(menu.y);
  await expectTappable(page, home.languageSelect());
  await expectTappable(page, home.logoutButton());
  await expectTappable(page, home.menu('statement'));
  // The dropdown works while the toast shows.
  await home.chooseLanguage('en');
  await expect(home.tile('collect')).toContainText('Collect');
});

/**
 * Every place on the page where Thai or Lao text wraps to a new line, as 'before|after' (12
 * letters each side), found from the position of each letter. Marks (U+2060, U+200B) are dropped.
 */
function thaiLaoLineBreaks(page: Page): Promise<Array<{ text: string; at: number; shown: string }>> {
  return page.evaluate(() => {
    const found: Array<{ text: string; at: number; shown: string }> = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const raw = node.textContent ?? '';
      if (!/[\u0E01-\u0ECD]/.test(raw)) continue;
      let plain = '';
      let lastTop: number | null = null;
      for (let index = 0; index < raw.length; index += 1) {
        const char = raw[index]!;
        if (char === '\u2060' || char === '\u200B') continue;
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (rect && rect.width > 0) {
          if (lastTop !== null && rect.top > lastTop + 4 && /[\u0E01-\u0ECD]/.test(char)) {
            found.push({ text: raw.replace(/[\u2060\u200B]/g, ''), at: plain.length, shown: `${plain.slice(-12)}|${raw.slice(index).replace(/[\u2060\u200B]/g, '').slice(0, 12)}` });
          }
          lastTop = rect.top;
        }
        plain += char;
      }
    }
    return found;
  });
}

/** No line of Thai or Lao starts inside a word the dictionary is known to split (keepWords.ts). */
async function expectNoSplitWords(page: Page, screen: string): Promise<void> {
  const words: string[] = [...UNSPLIT_WORDS.th, ...UNSPLIT_WORDS.lo];
  const split = (await thaiLaoLineBreaks(page)).filter(({ text, at }) =>
    words.some((word) => {
      for (let start = text.indexOf(word); start !== -1; start = text.indexOf(word, start + 1)) if (at > start && at < start + word.length) return true;
      return false;
    }),
  );
  expect(split.map(({ shown }) => shown), screen).toEqual([]);
}

/** Short labels and numbers that must stay on one line, per screen, by name. */
const ONE_LINE: Record<string, (page: Page) => Record<string, Locator>> = {
  '/user/home': (page) => {
    const home = new HomePage(page);
    return {
      'receive invite': home.receiveInviteButton(),
      'check balance': home.checkBalanceButton(),
      transfer: home.transferButton(),
      '24-hour break': page.getByTestId('break-now-compact'),
    };
  },
  '/user/profile': (page) => ({ 'bank account number': new ProfilePage(page).bankAccountNo() }),
  '/user/statement': (page) => ({ slips: new StatementPage(page).slipsButton() }),
};

/** Controls that sit side by side in one row, per screen: home's check, transfer and 24-hour break. */
const ONE_ROW: Record<string, (page: Page) => Locator> = {
  '/user/home': (page) => page.getByTestId('home-actions').locator('button'),
};

async function expectOneRow(buttons: Locator, screen: string): Promise<void> {
  const tops = await buttons.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  expect(tops.length, screen).toBeGreaterThan(1);
  expect(new Set(tops).size, `${screen}: ${tops.length} buttons in one row`).toBe(1);
}

async function expectOneLine(locator: Locator, name: string, language: string): Promise<void> {
  const lines = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
  expect(lines, `${name} (${language}) on one line`).toBe(1);
}

for (const [width, height] of [
  [360, 800],
  [390, 844],
] as const) {
  test.describe(`Phone at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('no screen wraps a line inside a Thai or Lao word, and short labels stay on one line in th, lo and en', async ({ page, request }) => {
      // Every screen in three languages, each line measured letter by letter: about 25 s alone,
      // more on a busy 2-core machine.
      test.setTimeout(180_000);
      const member = await registerViaApi(request);
      for (const language of ['th', 'lo', 'en'] as const) {
        await page.goto('/login');
        const login = new LoginPage(page);
        await login.chooseLanguage(language);
        for (const path of ['/login', '/register', '/howto', '/contact']) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await expectNoSplitWords(page, `${path} ${language}`);
          await keepScreenshot(page, `words-${language}-${width}${path.replace(/\//g, '-')}`);
        }
        await login.open();
        await login.logIn(member.phone, member.password, { remember: true });
        const home = new HomePage(page);
        await expect(home.totalBalance()).toBeVisible();
        for (const path of ['/user/home', '/user/profile', '/user/statement', '/user/contact']) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await expectNoSplitWords(page, `${path} ${language}`);
          await keepScreenshot(page, `words-${language}-${width}${path.replace(/\//g, '-')}`);
          for (const [name, locator] of Object.entries(ONE_LINE[path]?.(page) ?? {})) await expectOneLine(locator, name, language);
          const row = ONE_ROW[path]?.(page);
          if (row) await expectOneRow(row, `${path} ${language}`);
        }
        await home.logoutButton().click();
        await expect(page).toHaveURL(/\/login/);
      }
    });
  });
}
