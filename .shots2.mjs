import { chromium } from '@playwright/test';
const BASE = 'http://127.0.0.1:4701';
const OUT = '/work/h-cases-ui/docs/screenshots/console';
const [first, second, third] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
const page = await context.newPage();
page.on('pageerror', (error) => console.log('pageerror', error.message));
await page.goto(`${BASE}/admin/login`);
await page.locator('input[name="adminUsername"]').fill('admin');
await page.locator('input[name="adminPassword"]').fill('admin-pass-1234');
await page.getByTestId('admin-login').click();
await page.getByTestId('console-operator').waitFor();
await page.locator('select[aria-label]').first().selectOption('en');
const settle = () => page.waitForTimeout(1200);

// The first case: taken, noted, one withdrawal proposed for payout.
await page.goto(`${BASE}/admin/risk/cases/${first}`);
await page.getByTestId('risk-case-take').click();
await page.getByTestId('risk-case-assignee').filter({ hasText: 'admin' }).waitFor();
await page.getByTestId('risk-case-note-body').fill('Three deposits of 950-970 within a minute, just under the 1,000 threshold. Asked the member for a bank statement.');
await page.getByTestId('risk-case-note-file').setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
await page.getByTestId('risk-case-note-add').click();
await page.getByTestId('risk-case-note').first().waitFor();
await page.locator('[data-testid="risk-case-approve"]').first().click();
await page.getByTestId('queue-first-decision').first().waitFor();
await settle();
await page.screenshot({ path: `${OUT}/risk-case-page.png` });
await page.screenshot({ path: `${OUT}/risk-case-page-full.png`, fullPage: true });
const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('risk-case-attachment').first().click()]);
console.log('attachment', download.suggestedFilename());
const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('risk-case-export').click()]);
console.log('export', csv.suggestedFilename());
await csv.saveAs('/tmp/h-cases-ui-work/export.csv');
await page.getByTestId('risk-case-print').click();
await page.getByTestId('risk-case-print-page').waitFor();
await settle();
await page.screenshot({ path: `${OUT}/risk-case-print.png`, fullPage: true });
await page.emulateMedia({ media: 'print' });
await page.screenshot({ path: `${OUT}/risk-case-print-media.png`, fullPage: true });
await page.emulateMedia({ media: 'screen' });

// The second case: closed as confirmed with a freeze.
await page.goto(`${BASE}/admin/risk/cases/${second}`);
await page.getByTestId('risk-case-close').click();
const dialog = page.getByTestId('risk-case-close-dialog');
await dialog.getByTestId('risk-case-outcome-confirmed').check();
await dialog.getByTestId('risk-case-action').selectOption('freeze');
await dialog.getByTestId('risk-case-message').fill('We need a statement from your bank for your recent deposits before you can withdraw again. Please send it here in chat.');
await settle();
await page.screenshot({ path: `${OUT}/risk-case-close.png` });
await dialog.getByTestId('risk-case-close-confirm').click();
await page.getByTestId('risk-case-freeze').waitFor();
await settle();
await page.screenshot({ path: `${OUT}/risk-case-frozen.png` });

// The third: closed as a false positive, a rule snoozed.
await page.goto(`${BASE}/admin/risk/cases/${third}`);
await page.getByTestId('risk-case-close').click();
await page.getByTestId('risk-case-outcome-false_positive').check();
await page.getByTestId('risk-case-close-confirm').click();
await page.getByTestId('risk-case-snooze-form').waitFor();
await page.getByTestId('risk-case-snooze-code').selectOption('structuring');
await page.getByTestId('risk-case-snooze-days').fill('90');
await page.getByTestId('risk-case-snooze-submit').click();
await page.getByTestId('risk-case-snooze').waitFor();
await settle();
await page.getByTestId('risk-case-snoozes').scrollIntoViewIfNeeded();
await page.screenshot({ path: `${OUT}/risk-case-snooze.png` });

await page.goto(`${BASE}/admin/dashboard`);
await page.getByTestId('dashboard-risk-median').waitFor();
await settle();
await page.screenshot({ path: `${OUT}/risk-case-dashboard.png` });

await page.goto(`${BASE}/admin/risk?tab=rules`);
await page.getByTestId('risk-rule-structuring').getByTestId('risk-rule-edit').click();
await page.getByTestId('risk-form-count').fill('2');
await page.getByTestId('risk-form-dry-run').click();
await page.getByTestId('risk-dry-run').waitFor();
await settle();
await page.getByTestId('risk-dry-run').scrollIntoViewIfNeeded();
await page.screenshot({ path: `${OUT}/risk-case-dry-run.png` });
await browser.close();
