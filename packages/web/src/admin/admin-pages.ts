/** Each admin section is its own chunk, loaded when first opened. */
export function loadAdminPage(name: string) {
  switch (name) {
    case 'users':
      return import('./AdminUsers.tsx').then((module) => ({ Component: module.AdminUsers }));
    case 'records':
      return import('./AdminRecords.tsx').then((module) => ({ Component: module.AdminRecords }));
    case 'communities':
      return import('./AdminCommunities.tsx').then((module) => ({
        Component: module.AdminCommunities,
      }));
    case 'groups':
      return import('./AdminGroups.tsx').then((module) => ({ Component: module.AdminGroups }));
    case 'outbox':
      return import('./AdminOutbox.tsx').then((module) => ({ Component: module.AdminOutbox }));
    case 'audit':
      return import('./AdminAudit.tsx').then((module) => ({ Component: module.AdminAudit }));
    case 'jobs':
      return import('./AdminJobs.tsx').then((module) => ({ Component: module.AdminJobs }));
    default:
      return import('./AdminDashboard.tsx').then((module) => ({
        Component: module.AdminDashboard,
      }));
  }
}
