import { z } from 'zod';
import type { ValidationMessageKey } from './messages.ts';
import { isIsoDay } from './records/dates.ts';

// Request bodies of the sharing API (API.md §3, SPEC §3 and §5).
const msg = (key: ValidationMessageKey) => ({ error: key });

export const GRANT_PERMISSIONS = ['view', 'preview', 'edit', 'manage'] as const;
export type GrantPermission = (typeof GRANT_PERMISSIONS)[number];
export const LINK_PERMISSIONS = ['view', 'preview', 'edit'] as const;
export type LinkPermission = (typeof LINK_PERMISSIONS)[number];
/** Days a secret link given to a guest lives; 0 = never expires (SPEC §9). */
export const SECRET_LINK_EXPIRATIONS = [0, 30, 60, 180, 365] as const;
export const MAX_GRANTS_PER_REQUEST = 100;

const linkPermission = z.enum(LINK_PERMISSIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'linkPermissionRequired'
      : 'linkPermissionInvalid',
});

/** YYYY-MM-DD, or blank / null for a link that never expires. */
const linkExpiry = z
  .union([z.string(msg('invalidExpiryDate')), z.null()], msg('invalidExpiryDate'))
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isIsoDay(value), msg('invalidExpiryDate'));

const description = z.string(msg('notAString')).trim().max(255, msg('tooLong'));

/** The most uses or downloads a link can be capped at. */
export const MAX_LINK_CAP = 1_000_000;

/** A cap on a link's uses or downloads: a whole number from 1, or null for none. */
const linkCap = z.union(
  [
    z
      .number(msg('linkCapInvalid'))
      .int(msg('linkCapInvalid'))
      .min(1, msg('linkCapInvalid'))
      .max(MAX_LINK_CAP, msg('linkCapInvalid')),
    z.null(),
  ],
  msg('linkCapInvalid'),
);

/** The optional limits and notice of a link (Arca: links you can audit and cap). */
const linkOptions = {
  max_uses: linkCap.optional(),
  max_downloads: linkCap.optional(),
  one_visitor: z.boolean(msg('notABoolean')).optional(),
  notify_first_use: z.boolean(msg('notABoolean')).optional(),
};

export const linkCreate = z.object({
  permission: linkPermission,
  expires_at: linkExpiry.optional(),
  description: description.optional(),
  ...linkOptions,
});
export type LinkCreate = z.infer<typeof linkCreate>;

export const linkUpdate = z.object({
  permission: linkPermission.optional(),
  expires_at: linkExpiry.optional(),
  description: description.optional(),
  ...linkOptions,
});
export type LinkUpdate = z.infer<typeof linkUpdate>;

const grantPermission = z.enum(GRANT_PERMISSIONS, msg('invalidChoice'));

export const grantSubject = z.object({
  type: z.enum(['user', 'role'], msg('invalidChoice')),
  id: z
    .union([z.string(), z.number().int()], msg('required'))
    .transform(String)
    .pipe(z.string().trim().min(1, msg('required')).max(100, msg('tooLong'))),
});

export const grantCreate = z.object({
  subject: grantSubject,
  permission: grantPermission,
  notify: z.boolean(msg('notABoolean')).default(true),
  /** HTML for the notification; sanitised before it is sent. */
  message: z.string(msg('notAString')).max(10_000, msg('tooLong')).optional(),
});
export type GrantCreate = z.infer<typeof grantCreate>;

export const grantsCreate = z.object({
  grants: z
    .array(grantCreate, msg('notAList'))
    .min(1, msg('grantsCount'))
    .max(MAX_GRANTS_PER_REQUEST, msg('grantsCount')),
});

/** PATCH/PUT of a grant: only the permission changes (subject and origin stay). */
export const grantUpdate = z.object({ permission: grantPermission });

export const accessSettings = z.object({
  allow_user_requests: z.boolean(msg('notABoolean')).optional(),
  allow_guest_requests: z.boolean(msg('notABoolean')).optional(),
  /** HTML shown above the request form; sanitised when saved. */
  accept_conditions_text: z
    .string(msg('notAString'))
    .max(10_000, msg('tooLong'))
    .nullable()
    .optional(),
  // The share dialog sends the days as a string (SPEC §3); scripts send a number.
  secret_link_expiration: z
    .union([z.number(), z.string()], msg('invalidLinkExpiration'))
    .transform(Number)
    .refine(
      (days) => (SECRET_LINK_EXPIRATIONS as readonly number[]).includes(days),
      msg('invalidLinkExpiration'),
    )
    .optional(),
});
export type AccessSettingsBody = z.infer<typeof accessSettings>;

/** An access request's message: plain text, quoted in mails and kept as the first comment. */
export const MAX_ACCESS_REQUEST_MESSAGE = 2000;

/**
 * `POST /api/records/{id}/access/request` (API.md §3.5). The landing page
 * sends the consent as the string "true"/"false"; scripts may send a boolean.
 */
export const accessRequest = z.object({
  email: z
    .string(msg('notAString'))
    .trim()
    .max(254, msg('tooLong'))
    .pipe(z.email(msg('invalidEmail')))
    .optional(),
  full_name: z.string(msg('notAString')).trim().max(255, msg('tooLong')).optional(),
  message: z.string(msg('notAString')).max(MAX_ACCESS_REQUEST_MESSAGE, msg('tooLong')).optional(),
  consent_to_share_personal_data: z
    .union([z.boolean(), z.enum(['true', 'false'])], msg('notABoolean'))
    .transform((value) => value === true || value === 'true')
    .default(false),
});
export type AccessRequestBody = z.infer<typeof accessRequest>;

/** Confirming a guest's access request with the token of their verification link. */
export const accessRequestConfirm = z.object({
  access_request_token: z
    .string(msg('required'))
    .min(1, msg('required'))
    .max(20_000, msg('tooLong')),
});
