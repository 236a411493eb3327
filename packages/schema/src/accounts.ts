import { z } from 'zod';
import type { ValidationMessageKey } from './messages.ts';
import { LOCALES } from './locales.ts';
import { isValidOrcid } from './orcid.ts';

export { isValidOrcid };

const msg = (key: ValidationMessageKey) => ({ error: key });

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const visibility = z.enum(['public', 'restricted'], msg('invalidChoice'));
export type Visibility = z.infer<typeof visibility>;

export const email = z
  .string(msg('required'))
  .trim()
  .toLowerCase()
  .max(254, msg('tooLong'))
  .pipe(z.email(msg('invalidEmail')));

export const password = z
  .string(msg('required'))
  .min(PASSWORD_MIN_LENGTH, msg('passwordTooShort'))
  .max(PASSWORD_MAX_LENGTH, msg('passwordTooLong'));

export const orcid = z
  .string()
  .trim()
  .transform((value) => value.replace(/^https?:\/\/orcid\.org\//, ''))
  .refine(isValidOrcid, msg('invalidOrcid'));

export const loginBody = z.object({
  email,
  password: z.string(msg('required')).min(1, msg('required')),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Only a path of this site may be where a visitor returns after signing in: never another origin. */
export const isSitePath = (value: string): boolean =>
  value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');

export const signupBody = z.object({
  email,
  password,
  full_name: z.string(msg('required')).trim().min(1, msg('required')).max(255, msg('tooLong')),
  /** The page the visitor was going to (an invitation, say): the confirmation mail leads back. */
  next: z
    .string(msg('notAString'))
    .max(2000, msg('tooLong'))
    .refine(isSitePath, msg('invalid'))
    .optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

/** What a user may change of their own account (`PATCH /api/me`). */
export const profileUpdate = z
  .object({
    username: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9_-]{1,49}$/, msg('invalidName'))
      .nullable(),
    profile: z
      .object({
        full_name: z.string().trim().max(255, msg('tooLong')),
        affiliations: z.string().trim().max(255, msg('tooLong')),
      })
      .partial(),
    identities: z.object({ orcid: orcid.nullable() }).partial(),
    preferences: z
      .object({
        visibility,
        email_visibility: visibility,
        locale: z.enum(LOCALES, msg('invalidChoice')),
      })
      .partial(),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** Admin-only account management (`POST/PATCH /api/admin/users`). */
export const adminUserCreate = signupBody.extend({
  is_admin: z.boolean(msg('notABoolean')).default(false),
  active: z.boolean(msg('notABoolean')).default(true),
});
export const adminUserUpdate = profileUpdate.extend({
  email: email.optional(),
  password: password.optional(),
  /** With `password`: also revoke the user's API tokens; a reset revokes them unless `false`. */
  revoke_tokens: z.boolean(msg('notABoolean')).optional(),
  is_admin: z.boolean(msg('notABoolean')).optional(),
  active: z.boolean(msg('notABoolean')).optional(),
  email_verified: z.boolean(msg('notABoolean')).optional(),
});

/** The user's own password change (`POST /api/me/password`). */
export const passwordChange = z.object({
  current_password: z.string(msg('required')).min(1, msg('required')),
  password,
  /** Sessions are always closed; tokens only when asked (scripts keep working otherwise). */
  revoke_tokens: z.boolean(msg('notABoolean')).default(false),
});
export type PasswordChange = z.infer<typeof passwordChange>;

/** Asking to change one's address (`POST /api/me/email`): it changes once the new one is confirmed. */
export const emailChange = z.object({
  email,
  current_password: z.string(msg('required')).min(1, msg('required')),
});
export type EmailChange = z.infer<typeof emailChange>;

/** Asking for a reset link (`POST /api/auth/password/forgot`). */
export const passwordForgot = z.object({ email });
export type PasswordForgot = z.infer<typeof passwordForgot>;

/** The address for a first sign-in whose provider shares none (`POST /api/auth/pending-sign-in/email`). */
export const signInEmail = z.object({ email });
export type SignInEmail = z.infer<typeof signInEmail>;

/** Setting a new password with a mailed link (`POST /api/auth/password/reset`). */
export const passwordReset = z.object({
  token: z.string(msg('required')).min(1, msg('required')).max(1000, msg('tooLong')),
  password,
  /** Sessions are always closed; API tokens only when asked. */
  revoke_tokens: z.boolean(msg('notABoolean')).default(false),
});
export type PasswordReset = z.infer<typeof passwordReset>;

/** Confirming an address with a mailed link (`POST /api/auth/verify-email`). */
export const emailVerify = z.object({
  // A first sign-in's link carries the provider's identity: longer than the others.
  token: z.string(msg('required')).min(1, msg('required')).max(2000, msg('tooLong')),
});

export const tokenCreate = z.object({
  name: z.string(msg('required')).trim().min(1, msg('required')).max(100, msg('tooLong')),
});
export type TokenCreate = z.infer<typeof tokenCreate>;

export const groupName = z
  .string(msg('required'))
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{1,79}$/, msg('invalidName'));

export const groupCreate = z.object({
  name: groupName,
  title: z.string().trim().max(255, msg('tooLong')).optional(),
  description: z.string().trim().max(2000, msg('tooLong')).optional(),
});
export const groupUpdate = groupCreate.omit({ name: true }).partial();

/** A user as the API returns it (users-res item shape, API.md §5.3). */
export interface UserItem {
  id: string;
  username: string | null;
  email?: string;
  /** Whether the owner confirmed `email` (shown to themselves and administrators). */
  email_verified?: boolean;
  profile: { full_name: string; affiliations: string };
  identities: { orcid?: string };
  preferences?: { visibility: Visibility; email_visibility: Visibility; locale?: string };
  is_current_user: boolean;
  is_admin?: boolean;
  active?: boolean;
  created: string;
  updated: string;
  links: { self: string; avatar: string };
}

export interface GroupItem {
  id: string;
  name: string;
  title: string;
  description: string;
  provider: 'database';
  is_managed: boolean;
  members_count?: number;
  links: { self: string; avatar: string };
}

export interface TokenItem {
  id: string;
  name: string;
  created: string;
  last_used: string | null;
  /** Only in the answer that creates it: the token is never shown again. */
  token?: string;
}

/** Public settings the web app needs before anyone logs in (`GET /api/config`). */
/** A provider to sign in with: its button links to `login_url`. */
export interface LoginProvider {
  id: string;
  name: string;
  icon: string | null;
  /** OpenID Connect providers can also be linked from the settings. */
  kind: 'oidc' | 'saml';
  login_url: string;
}

/** The caller's ways to sign in (GET /api/me/identities). */
export interface SignInMethods {
  /** A local password works (it exists and local login is on). */
  password: boolean;
  identities: { provider: string; name: string; created: string }[];
}

export interface SiteConfig {
  site_name: string;
  site_url: string;
  signup_enabled: boolean;
  /** Local passwords (log-in, sign-up, reset); false: external identity providers only. */
  local_login: boolean;
  /** External identity providers the login page offers (issue 23). */
  login_providers: LoginProvider[];
  /** Unverified accounts may not publish or receive grants. */
  email_verification_required: boolean;
  groups_enabled: boolean;
  /** What the deposit form needs to mirror the server's rules. */
  deposit: {
    doi_required: boolean;
    /** Where managed DOIs are registered: DataCite, or nowhere (`local`: they do not resolve). */
    doi_registration: 'datacite' | 'local';
    restriction_grace_days: number;
    custom_fields: ('imprint' | 'journal' | 'meeting' | 'thesis')[];
  };
  /** Days after publication in which an owner's deletion is immediate (later: a request). */
  deletion_window_days: number;
}
