import { useQuery } from '@tanstack/react-query';
import { type OperatorRole, operatorMeResponse } from '@wallet/contract';
import { api, readToken } from './client';
import { queryKeys } from './keys';

/** GET /api/admin/me: who is signed in and with which roles (the menus follow them). */
export const useMe = () => useQuery({ queryKey: queryKeys.me.all, queryFn: () => api.get('/api/admin/me', { schema: operatorMeResponse }), enabled: readToken() !== null });

export const hasRole = (roles: readonly OperatorRole[] | undefined, ...wanted: OperatorRole[]) => !!roles && wanted.some((role) => roles.includes(role));
