import { slipImageResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';

/**
 * GET /api/statement/slip/reference/{reference}: a signed address of the slip's image, asked for
 * on each view (it lasts 15 minutes; the modal may stay open longer).
 */
export const getSlipImage = (reference: string) => api.get(`/api/statement/slip/reference/${reference}`, { schema: slipImageResponse });
