import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/useTranslation';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/invite/info: the programme's rate, condition percentages and text (SPEC §3 Invite data). */
export function useInviteInfo() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['invite', 'info', i18n.language], queryFn: () => api.get('/api/invite/info', { schema: schemaOf('inviteInfoResponse') }) });
}
