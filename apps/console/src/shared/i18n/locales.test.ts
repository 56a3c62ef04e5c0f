import { ERROR_CODES, OPERATOR_ERROR_CODES } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { resources } from './index';

const keysOf = (tree: object, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('console texts', () => {
  it('exist in Thai, Lao and English, key for key', () => {
    const thai = keysOf(resources.th.translation).sort();
    expect(keysOf(resources.lo.translation).sort()).toEqual(thai);
    expect(keysOf(resources.en.translation).sort()).toEqual(thai);
  });

  it('translate every error code an operator can be answered', () => {
    for (const language of ['th', 'lo', 'en'] as const) {
      const errors = resources[language].translation.errors as Record<string, string>;
      const missing = [...ERROR_CODES, ...OPERATOR_ERROR_CODES].filter((code) => !errors[code]);
      expect(missing, language).toEqual([]);
    }
  });
});
