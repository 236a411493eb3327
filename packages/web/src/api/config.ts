import type { SiteConfig } from '@arca/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function fetchSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return api.get<SiteConfig>('/api/config', signal);
}

export function useSiteConfig() {
  return useQuery({
    queryKey: queryKeys.siteConfig,
    queryFn: ({ signal }) => fetchSiteConfig(signal),
    // Operators change it with a restart: once per page load is enough.
    staleTime: Infinity,
  });
}
