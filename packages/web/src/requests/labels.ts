import type { RequestStatus } from '../api/requests.ts';

/** Request types the UI names (API.md §4.3); others show their id. */
export const KNOWN_REQUEST_TYPES = [
  'community-submission',
  'community-inclusion',
  'community-invitation',
  'user-access-request',
  'guest-access-request',
  'quota-increase',
] as const;
export type KnownRequestType = (typeof KNOWN_REQUEST_TYPES)[number];

export function isKnownType(type: string): type is KnownRequestType {
  return (KNOWN_REQUEST_TYPES as readonly string[]).includes(type);
}

export const STATUS_COLORS: Record<RequestStatus, string> = {
  created: 'gray',
  submitted: 'blue',
  accepted: 'green',
  declined: 'red',
  cancelled: 'gray',
  expired: 'orange',
};
