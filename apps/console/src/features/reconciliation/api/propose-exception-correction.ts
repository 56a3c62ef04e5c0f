import type { correctionBody } from '@wallet/contract';
import type { z } from 'zod';
import { queryKeys } from '../../../shared/api/keys';
import { exceptionStep } from './exception-step';

/** The correction as the form sends it: the member only when the exception names none. */
export type ExceptionCorrection = Omit<z.input<typeof correctionBody>, 'memberId'> & { memberId?: string };

/**
 * POST …/exceptions/{id}/correction: a four-eyes correction proposed from the exception (one key per
 * opened form, so a double submit proposes once); a second operator decides it on the Corrections page.
 */
export const useProposeExceptionCorrection = exceptionStep(
  'correction',
  ({ body, idempotencyKey }: { id: string; body: ExceptionCorrection; idempotencyKey: string }) => ({ path: 'correction', body, idempotencyKey }),
  { alsoReload: [queryKeys.corrections.all] },
);
