import { api } from '../../../shared/api/client';
import { schemaOf } from '../../../shared/api/answers';

/** GET /api/figures/reality-check/summary: when this session signed in, its net game position since, and today's deposits. */
export const getRealityCheckSummary = () => api.get('/api/figures/reality-check/summary', { schema: schemaOf('realityCheckSummary') });
