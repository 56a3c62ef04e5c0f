import { useTranslation } from './i18n/useTranslation';
import { notify } from './notify';

/** SPEC §8 copy toasts: 'Copied: {text}' and 'Failed to copy'. */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('copy', t('shared.copied', { text }));
    } catch {
      notify.error('copy', t('shared.copyFailed'));
    }
  };
}
