import { api } from './client.ts';
import type { Group } from './admin.ts';

/** Renaming and deleting groups (`PATCH`/`DELETE /api/admin/groups/{id}`). */
export const groupApi = {
  rename: (id: string, title: string) =>
    api.patch<Group>(`/api/admin/groups/${encodeURIComponent(id)}`, { title }),
  remove: (id: string) => api.delete(`/api/admin/groups/${encodeURIComponent(id)}`),
};
