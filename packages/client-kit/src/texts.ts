import en from './texts/en.json';
import lo from './texts/lo.json';
import th from './texts/th.json';

/**
 * The texts both apps show alike, in every language: a text for each error code of the contract
 * (in the member's words), the common buttons, the currencies' names. An app merges its own texts
 * over them (`withKitTexts`): where it words a code its own way, its text wins.
 */
export const KIT_TEXTS = { th, lo, en } as const;

export type TextTree = Record<string, unknown>;

const isSection = (value: unknown): value is TextTree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The kit's texts of a language with the app's over them, section by section. */
export function mergeTexts(kit: TextTree, app: TextTree): TextTree {
  const merged: TextTree = { ...kit };
  for (const [section, texts] of Object.entries(app)) {
    const base = merged[section];
    merged[section] = isSection(base) && isSection(texts) ? { ...base, ...texts } : texts;
  }
  return merged;
}
