import { useTranslation } from './i18n/useTranslation';
import { toast } from 'sonner';

/** SPEC §8 copy toasts: 'Copied: {text}' and 'Failed to copy'. */
export function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('shared.copied', { text }));
    } catch {
      toast.error(t('shared.copyFailed'));
    }
  };
}
