import type { TFunction } from 'i18next';
import type {
  ActorExplanation,
  CommunityNames,
  ExplainedSubject,
  RuleMatch,
} from '../api/access-explanation.ts';
import { formatPublicationDate } from '../i18n/format.ts';

// Words for the server's explanations: the rules' ids (`AccessGrant(view)`) as sentences.

/** `AccessGrant(view)` → ['AccessGrant', 'view']. */
function ruleParts(rule: string): [string, string | undefined] {
  const match = /^(\w+)(?:\((\w+)\))?$/.exec(rule);
  return match ? [match[1]!, match[2]] : [rule, undefined];
}

const roleLabel = (t: TFunction, role: string | undefined) =>
  t(`deposit.community.roles.${role ?? 'reader'}` as 'deposit.community.roles.reader');

/** The words for a rule that allows. */
export function ruleText(t: TFunction, match: RuleMatch, communities: CommunityNames): string {
  const [name, level] = ruleParts(match.rule);
  const community = communities[match.community_id ?? '']?.title ?? match.community_id ?? '';
  const levelText = level ? t(`sharing.permission.${level}` as 'sharing.permission.view') : '';
  switch (name) {
    case 'RecordOwner':
      return t('sharing.explain.rules.owner');
    case 'AccessGrant':
      return match.subject_type === 'group'
        ? t('sharing.explain.rules.groupGrant', { name: match.subject_id, level: levelText })
        : t('sharing.explain.rules.grant', { level: levelText });
    case 'SecretLink':
      return t('sharing.explain.rules.link', { level: levelText });
    case 'CommunityCurators':
    case 'CommunityReaders':
      return t('sharing.explain.rules.community', { role: roleLabel(t, match.role), community });
    case 'SubmissionReviewer':
      return t('sharing.explain.rules.reviewer', { community });
    case 'InclusionReviewer':
      return t('sharing.explain.rules.inclusion', { community });
    case 'PublicRecord':
      return t('sharing.explain.rules.publicRecord');
    case 'PublicFiles':
      return t('sharing.explain.rules.publicFiles');
    case 'Administrator':
      return t('sharing.explain.rules.administrator');
    default:
      return match.rule;
  }
}

/** The words for what stops a rule that could allow (a restriction, an embargo). */
export function refusalText(t: TFunction, match: RuleMatch, language: string): string {
  if (match.embargo === 'active') {
    return match.until
      ? t('sharing.explain.refused.embargoUntil', {
          date: formatPublicationDate(match.until, language),
        })
      : t('sharing.explain.refused.embargo');
  }
  return t('sharing.explain.refused.restricted');
}

/** Whom a row of the list is about. */
export function subjectText(t: TFunction, subject: ExplainedSubject): string {
  switch (subject.type) {
    case 'public':
      return t('sharing.explain.public');
    case 'administrators':
      return t('sharing.explain.administrators');
    case 'user':
      return subject.name || t('sharing.explain.hiddenUser');
    case 'group':
      return t('sharing.explain.group', { name: subject.id });
    case 'link':
      return `${t('sharing.explain.link')}: ${subject.description || t('sharing.links.untitled')}`;
    case 'community':
      return `${subject.title} (${subject.roles.map((role) => roleLabel(t, role)).join(', ')})`;
  }
}

/**
 * The options for a sentence about one actor. The public gets its own
 * sentences (context "public"): many languages word it unlike a name
 * mid-sentence ("the public", "die Öffentlichkeit").
 */
export function actorOptions(
  t: TFunction,
  actor: ActorExplanation['actor'],
): { name: string; context?: 'public' } {
  return actor.type === 'user'
    ? { name: actor.name || t('sharing.explain.hiddenUser') }
    : { name: t('sharing.explain.public'), context: 'public' };
}
