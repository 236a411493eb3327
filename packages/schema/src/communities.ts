// Communities, their members and the review payload (SPEC §3; API.md §4.2, §5.1).
import { z } from 'zod';
import { email } from './accounts.ts';
import { DB_INT_MAX } from './ids.ts';
import type { ValidationMessageKey } from './messages.ts';
import { isHttpUrl } from './records/identifiers.ts';

const msg = (key: ValidationMessageKey) => ({ error: key });

export const COMMUNITY_ROLE_NAMES = ['owner', 'manager', 'curator', 'reader'] as const;
export const communityRole = z.enum(COMMUNITY_ROLE_NAMES, msg('invalidChoice'));

export const communitySlug = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .max(100, msg('tooLong'))
  .regex(/^[a-z0-9][a-z0-9_-]*$/, msg('invalidName'))
  // `/communities/new` is the creation page.
  .refine((slug) => slug !== 'new', msg('invalidName'));

/** A brand colour: six hexadecimal digits after '#' ('' or null: the site's own). */
export const brandColor = z
  .string(msg('notAString'))
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, msg('invalidColor'))
  .transform((value) => (value === '' ? null : value.toLowerCase()));

/** The body of POST and PUT /api/communities (InvenioRDM's field names). */
export const communityBody = z.object({
  slug: communitySlug,
  metadata: z.object({
    title: z.string(msg('required')).trim().min(1, msg('required')).max(250, msg('tooLong')),
    description: z.string(msg('notAString')).max(2000, msg('tooLong')).optional(),
    /** The "About" page (InvenioRDM's `metadata.page`): rich text, sanitised on save. */
    page: z.string(msg('notAString')).max(50_000, msg('tooLong')).optional(),
    /** What curators look for; shown to whoever submits a record. Rich text. */
    curation_policy: z.string(msg('notAString')).max(50_000, msg('tooLong')).optional(),
    /** The community's own web site (http or https); empty: none. */
    website: z
      .string(msg('notAString'))
      .trim()
      .max(2000, msg('tooLong'))
      .refine((value) => value === '' || isHttpUrl(value), msg('invalidLink'))
      .optional(),
    /** The organisations behind the community (InvenioRDM's `metadata.organizations`). */
    organizations: z
      .array(
        z.object({
          name: z.string(msg('required')).trim().min(1, msg('required')).max(250, msg('tooLong')),
        }),
        msg('notAList'),
      )
      .max(20, msg('tooLong'))
      .optional(),
  }),
  access: z
    .object({
      visibility: z.enum(['public', 'restricted'], msg('invalidChoice')).optional(),
      /** closed: only members may submit records. */
      record_submission_policy: z.enum(['open', 'closed'], msg('invalidChoice')).optional(),
      /** open: curators, managers and owners include directly; members: every member; closed: nobody. */
      review_policy: z.enum(['open', 'closed', 'members'], msg('invalidChoice')).optional(),
      /** public: whoever sees the community sees its visible members; restricted: members only. */
      members_visibility: z.enum(['public', 'restricted'], msg('invalidChoice')).optional(),
      /** open: people may ask to join; closed: by invitation only. */
      member_policy: z.enum(['open', 'closed'], msg('invalidChoice')).optional(),
    })
    .optional(),
  theme: z
    .object({
      enabled: z.boolean(msg('notABoolean')),
      /** InvenioRDM's theme style, of which Arca keeps the brand colour. */
      style: z.object({ primaryColor: brandColor.nullable().optional() }).optional(),
    })
    .optional(),
});
export type CommunityBody = z.infer<typeof communityBody>;

const memberRef = z.object({
  type: z.literal('user', msg('invalidChoice')),
  id: z
    .union([z.string(), z.number()])
    .transform(String)
    // Beyond the user id column's range no user can match (and the database would refuse it).
    .refine((id) => !/^\d+$/.test(id) || Number(id) <= DB_INT_MAX, msg('invalid')),
});

/** POST/PUT/DELETE /api/communities/{id}/members. */
export const membersBody = z.object({
  members: z.array(memberRef, msg('notAList')).min(1, msg('required')).max(100, msg('tooLong')),
  role: communityRole.optional(),
  /** Whether one's own membership shows to non-managers; only members change their own. */
  visible: z.boolean(msg('notABoolean')).optional(),
});

/** POST /api/communities/{id}/invitations: people invited with a role and a message. */
export const invitationsBody = z.object({
  members: z.array(memberRef, msg('notAList')).min(1, msg('required')).max(100, msg('tooLong')),
  role: communityRole,
  message: z.string(msg('notAString')).max(10_000, msg('tooLong')).optional(),
});

/** POST /api/communities/{id}/email-invitations: addresses invited with a role and a message. */
export const emailInvitationsBody = z.object({
  emails: z.array(email, msg('notAList')).min(1, msg('required')).max(50, msg('tooLong')),
  role: communityRole,
  message: z.string(msg('notAString')).max(10_000, msg('tooLong')).optional(),
});

/** POST /api/community-invitations/claim: the token of a mailed invitation link. */
export const invitationClaimBody = z.object({
  token: z.string(msg('required')).min(1, msg('required')).max(2000, msg('tooLong')),
});

/** PUT …/draft/review. */
export const reviewBody = z.object({
  type: z.string(msg('required')),
  receiver: z.object({ community: z.string(msg('required')).min(1, msg('required')) }),
});

/** An optional comment on a request action or a review submission. */
export const commentPayload = z.object({
  payload: z
    .object({
      content: z.string(msg('required')),
      format: z.literal('html', msg('invalidChoice')).optional(),
    })
    .optional(),
});
