import { adminSearchOperations } from './admin-search.ts';
import { coreOperations } from './core.ts';
import { createCommunityKit, type CommunityServiceDeps } from './kit.ts';
import { joinOperations } from './joining.ts';
import { logoOperations } from './logos.ts';
import { memberOperations } from './members.ts';

export type { AdminCommunitySearch } from './admin-search.ts';
export type { CommunitySearchParams } from './core.ts';
export {
  communityFacts,
  communityView,
  type CommunityRow,
  type CommunityServiceDeps,
  type CommunityView,
} from './kit.ts';
export { LOGO_MAX_BYTES } from './logos.ts';

/**
 * Communities, their members and logos (API.md §5.1, SPEC §3): core.ts,
 * members.ts and logos.ts around what they share (kit.ts).
 */
export function createCommunityService(deps: CommunityServiceDeps) {
  const kit = createCommunityKit(deps);
  return {
    find: kit.find,
    viewOf: kit.viewOf,
    readable: kit.readable,
    ...coreOperations(kit),
    ...memberOperations(kit),
    ...joinOperations(kit),
    ...logoOperations(kit),
    ...adminSearchOperations(kit),
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
