import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:4701';
const OUT = '/work/h-cases-ui/docs/screenshots/console';
const caseId = process.argv[2];
const lang = process.argv[3] ?? 'en';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang === 'th' ? 'th-TH' : 'en-US' });
const page = await context.newPage();
page.on('pageerror', (error) => console.log('pageerror', error.message));
page.on('console', (message) => message.type() === 'error' && console.log('console', message.text()));
await page.goto(`${BASE}/admin/login`);
await page.locator('input[name="adminUsername"]').fill('admin');
await page.locator('input[name="adminPassword"]').fill('admin-pass-1234');
await page.getByTestId('admin-login').click();
await page.getByTestId('console-operator').waitFor();
if (lang === 'en') {
  await page.locator('select[aria-label]').first().selectOption('en');
}
await page.goto(`${BASE}/admin/risk`);
await page.getByTestId('risk-cases').waitFor();
await page.locator('[data-testid^="risk-case-"] >> nth=0').waitFor();
await page.waitForTimeout(500);
await page.screenshot({ path: `${OUT}/risk-case-list.png` });
await page.goto(`${BASE}/admin/risk/cases/${caseId}`);
await page.getByTestId('risk-case-summary').waitFor();
await page.waitForTimeout(1000);
await page.screenshot({ path: `${OUT}/risk-case-page.png` });
await page.screenshot({ path: `${OUT}/risk-case-page-full.png`, fullPage: true });
await browser.close();
