import type { RuleMatch } from '../../permissions/policy.ts';
import {
  EXPLAINED_ACTIONS,
  type Abilities,
  type Explained,
} from '../../services/sharing/access-explanation.ts';
import type {
  AccessExplanation,
  CommunityNames,
  NamedUser,
} from '../../services/sharing/access-explanation.service.ts';

/** A rule as the API names it: its id in the policy table, and what it matched on. */
const serializeMatch = (match: RuleMatch) => ({ rule: match.rule, ...match.detail });

export function serializeAbilities(abilities: Abilities) {
  return Object.fromEntries(
    EXPLAINED_ACTIONS.map((action) => {
      const ability = abilities[action];
      return [
        action,
        {
          allowed: ability.allowed,
          allowed_by: ability.allowedBy.map(serializeMatch),
          refused_by: ability.refusedBy.map(serializeMatch),
        },
      ];
    }),
  );
}

/** A user named in an explanation: their name only where the asker may see it. */
export const serializeNamedUser = ({ row, shown }: NamedUser) => ({
  type: 'user' as const,
  id: String(row.id),
  name: shown ? row.fullName || row.username || '' : '',
});

function serializeSubject(explanation: AccessExplanation, row: Explained) {
  const subject = row.subject;
  switch (subject.type) {
    case 'user': {
      const user = explanation.users.get(subject.id);
      return user ? serializeNamedUser(user) : { type: 'user', id: String(subject.id), name: '' };
    }
    case 'link':
      return {
        type: 'link',
        id: subject.id,
        permission: subject.permission,
        expires_at: subject.expiresAt,
        description: subject.description,
      };
    case 'community': {
      const community = explanation.communities.get(subject.id);
      return {
        type: 'community',
        id: subject.id,
        slug: community?.slug ?? '',
        title: community?.title ?? '',
        roles: subject.roles,
      };
    }
    case 'group':
    case 'public':
    case 'administrators':
      return subject;
  }
}

/** `GET /api/records/{id}/access/explain`: every subject with its abilities and their rules. */
export function serializeExplanation(explanation: AccessExplanation) {
  const hits = explanation.rows.map((row) => ({
    subject: serializeSubject(explanation, row),
    abilities: serializeAbilities(row.abilities),
  }));
  return {
    id: explanation.id,
    scope: explanation.scope,
    actions: EXPLAINED_ACTIONS,
    hits: { hits, total: hits.length },
    communities: serializeCommunityNames(explanation.communities),
  };
}

/** The communities the rules name, by id, for the words that explain them. */
export const serializeCommunityNames = (names: CommunityNames) => Object.fromEntries(names);
