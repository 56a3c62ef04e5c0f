import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('turns sandboxes on by default, and off in production', () => {
    expect(loadConfig({}).sandboxes).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_URL, PROVIDER_URL, GATEWAY_URL, TRUEMONEY_URL, SLIP_VERIFIER_URL/);
    const production = loadConfig({
      NODE_ENV: 'production',
      SMS_URL: 'https://sms.example',
      PROVIDER_URL: 'https://games.example',
      GATEWAY_URL: 'https://pay.example',
      TRUEMONEY_URL: 'https://tm.example',
      SLIP_VERIFIER_URL: 'https://slips.example',
    });
    expect(production.sandboxes).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SANDBOXES: 'true' }).sandboxes).toBe(true);
  });

  it('refuses malformed values with the setting named', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE: 'vn' })).toThrow(/SITE/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
