import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/**
 * GET /api/statement/slip/reference/{reference}: a signed address of the slip's image, asked for
 * on each view (it lasts 15 minutes; the modal may stay open longer).
 */
export const getSlipImage = (reference: string) => api.get(`/api/statement/slip/reference/${reference}`, { schema: schemaOf('slipImageResponse') });
