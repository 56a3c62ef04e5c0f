import { type ConfigChange, configChange } from '@wallet/contract';
import { z } from 'zod';

/**
 * Money-making configuration above the operator's thresholds answers 202 with the change that waits
 * for a second operator instead of what it changed: a call that may wait parses either.
 */
export const orPending = <T extends z.ZodType>(schema: T) => z.union([configChange, schema]);
export const isPending = (answer: unknown): answer is ConfigChange => typeof answer === 'object' && answer !== null && 'reasons' in answer && 'kind' in answer;
