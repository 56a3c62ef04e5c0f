import { api } from '../client';

/** GET /api/lookup/active: answers 410 `gone` once the operator has terminated the site (SPEC §2). */
export const checkSiteActive = () => api.get('/api/lookup/active');
