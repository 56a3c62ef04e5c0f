import { type Browser, type Locator, type Page, expect } from '@playwright/test';
import type { Language } from './app-shell';

/** The console's sign-in form, on whichever console address shows it. */
export async function fillConsoleLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator('input[name="adminUsername"]').fill(username);
  await page.locator('input[name="adminPassword"]').fill(password);
  await page.getByTestId('admin-login').click();
}

/** The console's prompt dialog (a reason, an amount), answered and confirmed. */
export async function answerConsolePrompt(page: Page, text: string): Promise<void> {
  await page.getByTestId('prompt-dialog').getByRole('textbox').fill(text);
  await page.getByTestId('prompt-ok').click();
}

/** The operator console at a desk (1280×800), in a browser context of its own. */
export class ConsolePage {
  readonly member: ConsoleMemberScreen;
  readonly corrections: ConsoleCorrections;
  readonly approvals: ConsoleApprovals;
  readonly operators: ConsoleOperators;
  readonly settings: ConsoleSettings;
  readonly audit: ConsoleAudit;
  readonly offers: ConsoleOffers;
  readonly campaigns: ConsoleCampaigns;
  readonly inbox: ConsoleInbox;
  readonly reconciliation: ConsoleReconciliation;
  readonly risk: ConsoleRisk;

  private constructor(readonly page: Page) {
    this.member = new ConsoleMemberScreen(page);
    this.corrections = new ConsoleCorrections(page);
    this.approvals = new ConsoleApprovals(page);
    this.operators = new ConsoleOperators(page);
    this.settings = new ConsoleSettings(page);
    this.audit = new ConsoleAudit(page);
    this.offers = new ConsoleOffers(page);
    this.campaigns = new ConsoleCampaigns(page);
    this.inbox = new ConsoleInbox(page);
    this.reconciliation = new ConsoleReconciliation(page);
    this.risk = new ConsoleRisk(page);
  }

  static async signIn(browser: Browser, username: string, password: string): Promise<ConsolePage> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await fillConsoleLogin(page, username, password);
    await expect(page.getByTestId('console-operator')).toHaveText(username);
    return new ConsolePage(page);
  }

  nav() {
    return this.page.getByTestId('console-nav');
  }

  navLink(screen: string) {
    return this.nav().getByRole('link', { name: screen });
  }

  async goTo(screen: string): Promise<void> {
    await this.navLink(screen).click();
  }

  async openInbox(): Promise<void> {
    await this.goTo('แชท');
    await expect(this.inbox.list()).toBeVisible();
  }

  /** The members screen's search: a phone, a name or a statement reference. */
  async search(text: string, { screen = 'สมาชิก' } = {}): Promise<void> {
    await this.goTo(screen);
    await this.page.locator('input[name="memberSearch"]').fill(text);
    await this.page.getByTestId('member-search').click();
  }

  /** Finds a member by phone and opens their page (`screen`: the members link in the console's language). */
  async openMember(phone: string, { screen = 'สมาชิก' } = {}): Promise<void> {
    await this.search(phone, { screen });
    await this.page.getByTestId('member-results').getByRole('link', { name: phone }).click();
    await expect(this.member.root()).toBeVisible();
  }

  /** The console's language menu, labelled in the language it shows. */
  async chooseLanguage(label: string, language: Language): Promise<void> {
    await this.page.getByRole('combobox', { name: label }).selectOption(language);
  }

  async answerPrompt(text: string): Promise<void> {
    await answerConsolePrompt(this.page, text);
  }

  notFound() {
    return this.page.getByTestId('not-found');
  }

  dashboard() {
    return this.page.getByTestId('dashboard');
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

/** A member's page, and the statement reference search that leads to it. */
class ConsoleMemberScreen {
  constructor(readonly page: Page) {}

  root() {
    return this.page.getByTestId('member-page');
  }

  actions() {
    return this.page.getByTestId('member-actions');
  }

  status() {
    return this.page.getByTestId('member-status');
  }

  blockButton() {
    return this.page.getByTestId('member-block');
  }

  proposeCorrectionButton() {
    return this.page.getByTestId('member-propose-correction');
  }

  /** Proposes a credit or debit; the dialog's submit is double-clicked (it must decide once). */
  async proposeCorrection(amount: string, note: string): Promise<void> {
    await this.proposeCorrectionButton().click();
    const form = this.page.getByTestId('correction-dialog');
    await form.getByLabel('จำนวน (บาท)').fill(amount);
    await form.getByLabel('หมายเหตุ').fill(note);
    await form.getByTestId('correction-submit').dblclick();
  }

  async openStatement(): Promise<void> {
    await this.page.getByTestId('member-tab-statement').click();
  }

  statement() {
    return this.page.getByTestId('member-statement');
  }

  async filterStatement(type: string): Promise<void> {
    await this.page.getByTestId('member-statement-type').selectOption(type);
  }

  /** What a search by statement reference found. */
  referenceResult() {
    return this.page.getByTestId('reference-result');
  }

  async openReferenceMember(): Promise<void> {
    await this.referenceResult().getByTestId('reference-member').click();
  }
}

/** Balance corrections waiting for a second operator. */
class ConsoleCorrections {
  constructor(readonly page: Page) {}

  row(memberPhone: string) {
    return this.page.getByTestId(`correction-${memberPhone}`);
  }

  approveButton(row: Locator) {
    return row.getByTestId('correction-approve');
  }
}

/** Configuration changes waiting for a second operator. */
class ConsoleApprovals {
  constructor(readonly page: Page) {}

  row(code: string) {
    return this.page.getByTestId(`config-change-${code}`);
  }

  approveButton(row: Locator) {
    return row.getByTestId('config-approve');
  }

  field(row: Locator, name: string) {
    return row.getByTestId(`config-change-${name}`);
  }
}

class ConsoleOperators {
  constructor(readonly page: Page) {}

  async create(username: string, password: string, role: string): Promise<void> {
    await this.page.getByLabel('ชื่อผู้ใช้').fill(username);
    await this.page.getByLabel('รหัสผ่าน').fill(password);
    await this.page.getByLabel(role).check();
    await this.page.getByTestId('operator-create').click();
  }

  list() {
    return this.page.getByTestId('operators');
  }
}

class ConsoleSettings {
  constructor(readonly page: Page) {}

  private form() {
    return this.page.getByTestId('settings-form');
  }

  field(label: string) {
    return this.form().getByLabel(label);
  }

  async save(): Promise<void> {
    await this.form().getByTestId('settings-save').click();
  }

  history() {
    return this.page.getByTestId('settings-history');
  }
}

class ConsoleAudit {
  constructor(readonly page: Page) {}

  async verify(): Promise<void> {
    await this.page.getByTestId('audit-verify').click();
  }

  log() {
    return this.page.getByTestId('audit');
  }
}

/** Promotions: bonus offers and codes. */
class ConsoleOffers {
  constructor(readonly page: Page) {}

  /** Fills the new offer form: a code, its name in each language, a percent reward. */
  async fillNew(code: string, names: Record<Language, string>, percent: string): Promise<void> {
    await this.page.getByTestId('offer-new').click();
    await this.page.getByTestId('offer-code').fill(code);
    for (const [language, name] of Object.entries(names)) await this.page.getByTestId(`offer-name-${language}`).fill(name);
    await this.page.getByTestId('offer-percent').fill(percent);
  }

  async save(): Promise<void> {
    await this.page.getByTestId('offer-save').click();
  }

  row(code: string) {
    return this.page.getByTestId(`offer-${code}`);
  }
}

export interface CampaignSlice {
  label: Record<Language, string>;
  amount: string;
}

/** Spin wheel campaigns. */
class ConsoleCampaigns {
  constructor(readonly page: Page) {}

  /** Creates a draft campaign of cash slices of equal weight (10 each). */
  async create(name: Record<Language, string>, slices: CampaignSlice[]): Promise<void> {
    await this.page.getByTestId('campaign-new').click();
    for (const [language, text] of Object.entries(name)) await this.page.getByTestId(`campaign-name-${language}`).fill(text);
    // A new campaign's form starts with two slices.
    for (let added = 2; added < slices.length; added += 1) await this.page.getByTestId('campaign-add-slice').click();
    for (const [index, slice] of slices.entries()) {
      for (const [language, text] of Object.entries(slice.label)) await this.page.getByTestId(`slice-${index}-label-${language}`).fill(text);
      await this.page.getByTestId(`slice-${index}-kind`).selectOption('cash');
      await this.page.getByTestId(`slice-${index}-amount`).fill(slice.amount);
      await this.page.getByTestId(`slice-${index}-weight`).fill('10');
    }
    await this.page.getByTestId('campaign-save').click();
  }

  row(name: string) {
    return this.page.getByTestId('campaigns').locator('tr', { hasText: name });
  }
}

/** The chat inbox: conversations, the agent's input, templates, ending a conversation. */
class ConsoleInbox {
  constructor(readonly page: Page) {}

  list() {
    return this.page.getByTestId('inbox-list');
  }

  conversation(hasText: string) {
    return this.page.getByTestId('inbox-conversation-item').filter({ hasText });
  }

  async reply(text: string): Promise<void> {
    const input = this.page.getByTestId('inbox-input');
    await input.fill(text);
    await input.press('Enter');
  }

  agentMessages() {
    return this.page.getByTestId('inbox-item-agent');
  }

  customerMessages() {
    return this.page.getByTestId('inbox-item-customer');
  }

  image() {
    return this.page.getByTestId('inbox-image');
  }

  member() {
    return this.page.getByTestId('inbox-member');
  }

  async sendTemplate(topic: string): Promise<void> {
    await this.page.getByTestId(`inbox-template-${topic}`).click();
  }

  async end(): Promise<void> {
    await this.page.getByTestId('inbox-end').click();
  }
}

/** Reconciliation: the runs, the exceptions queue and an exception's detail. */
class ConsoleReconciliation {
  constructor(readonly page: Page) {}

  async openTab(tab: 'exceptions' | 'runs' | 'rules'): Promise<void> {
    await this.page.getByTestId(`reconciliation-tab-${tab}`).click();
  }

  /** Runs a source's day (today in the site's zone unless said) and waits for its row in the runs kept. */
  async runNow(source: 'provider' | 'gateway' | 'bank', day: string): Promise<void> {
    await this.page.getByTestId('run-source').selectOption(source);
    await this.page.getByTestId('run-day').fill(day);
    const ran = this.page.waitForResponse((response) => response.url().endsWith('/api/admin/reconciliation/runs') && response.request().method() === 'POST');
    await this.page.getByTestId('run-now').click();
    expect((await ran).status()).toBe(200);
    await expect(this.page.getByTestId(`run-${source}-${day}`).first()).toBeVisible();
  }

  /** The queue's row showing this text (a reference, an amount). */
  row(hasText: string) {
    return this.page.getByTestId('exceptions').locator('tbody tr', { hasText });
  }

  async open(hasText: string): Promise<Locator> {
    await this.row(hasText).getByTestId('exception-open').click();
    const dialog = this.page.getByTestId('exception-dialog');
    await expect(dialog.getByTestId('exception-status')).toBeVisible();
    return dialog;
  }
}

/** Risk: the cases, the decisions rules held, their release, and the rules. */
class ConsoleRisk {
  constructor(readonly page: Page) {}

  async openTab(tab: 'cases' | 'held' | 'rules'): Promise<void> {
    await this.page.getByTestId(`risk-tab-${tab}`).click();
  }

  rule(code: string) {
    return this.page.getByTestId(`risk-rule-${code}`);
  }

  ruleForm() {
    return this.page.getByTestId('risk-rule-form');
  }

  /** The held decision of this member (the console's "member N") for this amount ("1,200.00"). */
  decision(memberLabel: string, amount: string) {
    return this.page.getByTestId('risk-held').locator('tbody tr', { hasText: memberLabel }).filter({ hasText: amount });
  }

  releaseDialog() {
    return this.page.getByTestId('risk-release-dialog');
  }

  /** The member's case in the Cases tab (the console's "member N"). */
  caseRow(memberLabel: string) {
    return this.page.getByTestId('risk-cases').locator('tbody tr', { hasText: memberLabel });
  }

  /** On a case page, the decision for this amount ("1,000.00 THB"). */
  caseDecision(amount: string) {
    return this.page.getByTestId('risk-case-decisions').locator('tbody tr', { hasText: amount });
  }

  /** Refuses a held withdrawal on the case page, with the reason asked. */
  async refuseOnCase(amount: string, reason: string): Promise<void> {
    await this.caseDecision(amount).getByTestId('risk-case-refuse').click();
    const prompt = this.page.getByTestId('prompt-dialog');
    await prompt.getByRole('textbox').fill(reason);
    // A double tap, as a desk under pressure gives it: the page sends one refusal.
    await prompt.getByTestId('prompt-ok').dblclick();
  }
}
