import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** The user's own quotas and what they use (`GET /api/me/quota`). */
export interface MyQuota {
  max_bytes: number;
  used_bytes: number;
  max_drafts: number;
  open_drafts: number;
}

export function useMyQuota() {
  return useQuery({
    queryKey: ['my-quota'],
    queryFn: ({ signal }) => api.get<MyQuota>('/api/me/quota', signal),
  });
}
