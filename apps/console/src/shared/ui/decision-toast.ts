import { toast } from 'sonner';
import { ApiError } from '../api/client';
import { errorText } from '../i18n';

/**
 * A refused operator decision. One already taken (409 ALREADY_DECIDED) is news, not a fault: the
 * list reloads to show the decided state, and the toast names who decided instead of calling the
 * input invalid, which would invite a second proposal.
 */
export function toastDecisionFailure(error: unknown): void {
  if (error instanceof ApiError && error.code === 'ALREADY_DECIDED') toast.info(errorText(error));
  else toast.error(errorText(error));
}
