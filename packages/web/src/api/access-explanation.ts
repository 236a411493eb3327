import type { RecordJson } from '@arca/schema';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

// "Who can see this, and why" (beside API.md §3, sharing): the server's policy answers, never worked out here.

export const EXPLAINED_ACTIONS = ['view', 'preview', 'edit', 'manage'] as const;
export type ExplainedAction = (typeof EXPLAINED_ACTIONS)[number];

/** A rule of the server's policy table, and what it matched on (a grant's subject, a date). */
export interface RuleMatch {
  rule: string;
  subject_type?: 'user' | 'group';
  subject_id?: string;
  link_id?: string;
  community_id?: string;
  role?: string;
  reason?: 'restricted' | 'embargo';
  embargo?: 'active';
  until?: string;
}

export interface Ability {
  allowed: boolean;
  allowed_by: RuleMatch[];
  refused_by: RuleMatch[];
}
export type Abilities = Record<ExplainedAction, Ability>;

export type ExplainedSubject =
  | { type: 'public' }
  | { type: 'administrators' }
  | { type: 'user'; id: string; name: string }
  | { type: 'group'; id: string }
  | {
      type: 'link';
      id: string;
      permission: string;
      expires_at: string | null;
      description: string;
    }
  | { type: 'community'; id: string; slug: string; title: string; roles: string[] };

export interface ExplanationRow {
  subject: ExplainedSubject;
  abilities: Abilities;
}

/** The communities the rules name, by id. */
export type CommunityNames = Record<string, { slug: string; title: string }>;

export interface AccessExplanation {
  id: string;
  scope: 'record' | 'draft';
  hits: { hits: ExplanationRow[]; total: number };
  communities: CommunityNames;
}

/** One actor's answer: their abilities, and the record as they read it (null: they cannot). */
export interface ActorExplanation {
  id: string;
  scope: 'record' | 'draft';
  actor: { type: 'public' } | { type: 'user'; id: string; name: string };
  abilities: Abilities;
  communities: CommunityNames;
  record: RecordJson | null;
  refused?: 'forbidden' | 'notFound';
}

const explainPath = (id: string) => `/api/records/${encodeURIComponent(id)}/access/explain`;

export function useAccessExplanation(id: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.accessExplanation(id),
    queryFn: ({ signal }) => api.get<AccessExplanation>(explainPath(id), signal),
    enabled,
  });
}

/** `user`: a user's id, or "public". */
export function useActorExplanation(id: string, user: string | null) {
  return useQuery({
    queryKey: queryKeys.actorExplanation(id, user ?? ''),
    queryFn: ({ signal }) =>
      api.get<ActorExplanation>(`${explainPath(id)}?user=${encodeURIComponent(user!)}`, signal),
    enabled: user !== null && user !== '',
  });
}
