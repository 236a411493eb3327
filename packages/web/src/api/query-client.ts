import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/** A client error (4xx) will not change by asking again; a network or server failure may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
