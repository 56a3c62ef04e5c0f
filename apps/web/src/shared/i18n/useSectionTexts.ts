import i18n from 'i18next';
import { LANGUAGES } from '@wallet/contract';
import { useEffect, useState } from 'react';
import { type SectionTexts, i18nReady, ownPartSections } from '.';

/**
 * A section's texts for every language loaded so far and, from then on, for each language the member
 * switches to (before the switch shows, as for the rest of the texts: index.ts, loadTexts). Resolves
 * once they are in. Here rather than in index.ts: only the screens that use a section carry this code.
 */
export function loadSectionTexts(section: SectionTexts): Promise<void> {
  let loading = ownPartSections.get(section);
  if (!loading) {
    loading = i18nReady
      .then(() =>
        Promise.all(
          LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation')).map(async (language) => {
            i18n.addResourceBundle(language, 'translation', (await section[language]()).default, true, true);
          }),
        ),
      )
      .then(() => undefined);
    ownPartSections.set(section, loading);
    // A failed download is asked for again on the next try.
    loading.catch(() => ownPartSections.delete(section));
  }
  return loading;
}

/** Whether a section's texts (a part of their own, loaded on first use) are in. */
export function useSectionTexts(section: SectionTexts): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let current = true;
    loadSectionTexts(section).then(
      () => current && setReady(true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [section]);
  return ready;
}
