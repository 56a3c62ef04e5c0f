import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/useTranslation';
import { api } from '../client';
import { schemaOf } from '../answers';

/** GET /api/lookup/notice?percentFail=N: the bonus notice with its fail percentage put in (SPEC §7). */
export function useNotice(percentFail: number | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['lookup', 'notice', i18n.language, percentFail],
    queryFn: () => api.get(`/api/lookup/notice?percentFail=${percentFail}`, { schema: schemaOf('noticeResponse') }),
    enabled: percentFail !== undefined,
  });
}
