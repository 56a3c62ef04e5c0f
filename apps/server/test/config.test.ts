import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('turns sandboxes on by default, and off in production', () => {
    expect(loadConfig({}).sandboxes).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_URL, PROVIDER_URL, GATEWAY_URL, TRUEMONEY_URL, SLIP_VERIFIER_URL, BANK_STATEMENT_URL/);
    const production = loadConfig({
      NODE_ENV: 'production',
      SMS_URL: 'https://sms.example',
      PROVIDER_URL: 'https://games.example',
      GATEWAY_URL: 'https://pay.example',
      TRUEMONEY_URL: 'https://tm.example',
      SLIP_VERIFIER_URL: 'https://slips.example',
      BANK_STATEMENT_URL: 'https://statements.example',
    });
    expect(production.sandboxes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOXES: 'true' }).sandboxes).toBe(true);
  });

  it('sheds on event-loop delay over PostgreSQL only, unless told: the embedded database runs its queries on the loop', () => {
    expect(loadConfig({}).loadShedding.eventLoopDelayMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/wallet' }).loadShedding.eventLoopDelayMs).toBe(200);
    expect(loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '350' }).loadShedding.eventLoopDelayMs).toBe(350);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/wallet', SHED_EVENT_LOOP_DELAY_MS: '0' }).loadShedding.eventLoopDelayMs).toBe(0);
  });

  it('refuses malformed values with the setting named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE: 'vn' })).toThrow(/SITE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ AUDIT_KEY: 'short' })).toThrow(/AUDIT_KEY/);
  });

  it('in production over PostgreSQL, wants the audit key set (each node would otherwise make its own)', () => {
    const production = { NODE_ENV: 'production', SANDBOXES: 'true', DATABASE_URL: 'postgres://db.example/wallet' };
    expect(() => loadConfig(production)).toThrow(/AUDIT_KEY/);
    expect(loadConfig({ ...production, AUDIT_KEY: 'k'.repeat(32) }).auditKey).toBe('k'.repeat(32));
    expect(loadConfig({ NODE_ENV: 'production', SANDBOXES: 'true' }).auditKey).toBeUndefined();
  });
});
