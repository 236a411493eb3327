import type { CSSProperties } from 'react';
import type { CommunityJson } from '../api/communities.ts';

/** The community's brand colour (`#rrggbb`, checked by the server), if it has one. */
export function brandColorOf(community: CommunityJson | undefined): string | undefined {
  const color = community?.theme?.style?.primaryColor;
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : undefined;
}

/** A band of the brand colour above a header: the modest part of a community's theme. */
export function brandAccent(color: string | undefined): CSSProperties | undefined {
  return color ? { borderTop: `6px solid ${color}`, paddingTop: 12 } : undefined;
}
