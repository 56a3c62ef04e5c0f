import { useQuery } from '@tanstack/react-query';
import { auditCheckpointResponse } from '@wallet/contract';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/keys';

/** GET /api/admin/audit/checkpoint: the latest head of the log anchored outside the database (null: none yet). */
export const useAuditCheckpoint = () => useQuery({ queryKey: queryKeys.audit.checkpoint, queryFn: () => api.get('/api/admin/audit/checkpoint', { schema: auditCheckpointResponse }) });
