import { describe, expect, it } from 'vitest';
import { startLanguage } from '.';

// The console on the Laos site started in Thai.
describe('the console’s first language', () => {
  it('is the site’s language the server wrote into the page', () => {
    expect(startLanguage(null, 'lo')).toBe('lo');
    expect(startLanguage(null, 'th')).toBe('th');
  });
  it('is the desk’s own choice once it made one', () => {
    expect(startLanguage('en', 'lo')).toBe('en');
  });
  it('is Thai when the page names no language the console has', () => {
    expect(startLanguage(null, '')).toBe('th');
    expect(startLanguage('xx', 'fr')).toBe('th');
  });
});
