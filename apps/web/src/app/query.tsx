import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError } from '../shared/api/client';

/** Before reading again: the wait a busy node asked for (Retry-After), else TanStack Query's own 1 s, 2 s, 4 s…; never over 30 s. */
const retryDelay = (failures: number, error: Error) => Math.min(error instanceof ApiError && Number(error.retryAfter) ? Number(error.retryAfter) * 1000 : 1000 * 2 ** failures, 30_000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; only transport failures and 5xx (a busy node's 503 among them) are retried.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay,
      },
    },
  });
}

/** The app's one cache of server state, shared by every screen. */
export const queryClient = createQueryClient();

/**
 * TanStack Query is not on the login screen's path: this module loads with the first
 * screen that reads server state, and each such screen (the member shell and its overlays too) is
 * drawn inside the one client's provider.
 */
export function withQueries(Screen: ComponentType): ComponentType {
  return function WithQueries() {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen />
      </QueryClientProvider>
    );
  };
}
