import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/notices/line/link: LINE's consent page for this member (good once, for 10 minutes); LINE brings them back to the profile page. */
export const startLineLink = () => api.get('/api/notices/line/link', { schema: schemaOf('lineLinkStart') });

/** Leaves the app for LINE Login: the page's address changes, so nothing here is invalidated. */
export function useStartLineLink({ onError }: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: startLineLink, onSuccess: ({ url }) => window.location.assign(url), onError });
}
