import { mailTranslator } from '../i18n.ts';
import { escapeHtml, htmlToText, sanitizeHtml } from '../services/html.ts';
import type { MailMessageKey } from './messages.ts';

/** A rendered message, ready for a transport. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template {
  subject: MailMessageKey;
  body: MailMessageKey[];
  /** The button: its label and the parameter holding its URL. */
  action: { label: MailMessageKey; url: string };
}

/**
 * Every notification Arca sends. Adding one is a template here, its texts in
 * messages.ts, and one `mail.queue(...)` call where it happens.
 */
export const MAIL_TEMPLATES = {
  'grant-notification': {
    subject: 'grantSubject',
    body: ['grantBody'],
    action: { label: 'grantAction', url: 'url' },
  },
  // A secret link whose owner asked to hear of its first use.
  'link-first-use': {
    subject: 'linkFirstUseSubject',
    body: ['linkFirstUseBody'],
    action: { label: 'grantAction', url: 'url' },
  },
  'access-request-received': {
    subject: 'requestReceivedSubject',
    body: ['requestReceivedBody'],
    action: { label: 'requestReceivedAction', url: 'url' },
  },
  'access-request-accepted': {
    subject: 'requestAcceptedSubject',
    body: ['requestAcceptedBody'],
    action: { label: 'requestAcceptedAction', url: 'url' },
  },
  'access-request-declined': {
    subject: 'requestDeclinedSubject',
    body: ['requestDeclinedBody'],
    action: { label: 'requestDeclinedAction', url: 'url' },
  },
  'guest-verification': {
    subject: 'guestVerifySubject',
    body: ['guestVerifyBody'],
    action: { label: 'guestVerifyAction', url: 'url' },
  },
  'guest-access-granted': {
    subject: 'guestGrantedSubject',
    body: ['guestGrantedBody'],
    action: { label: 'guestGrantedAction', url: 'url' },
  },
  'submission-received': {
    subject: 'submissionReceivedSubject',
    body: ['submissionReceivedBody'],
    action: { label: 'submissionReceivedAction', url: 'url' },
  },
  'submission-accepted': {
    subject: 'submissionAcceptedSubject',
    body: ['submissionAcceptedBody'],
    action: { label: 'submissionAcceptedAction', url: 'url' },
  },
  // A published record asked into a community: accepted, it joins; it was published before.
  'inclusion-accepted': {
    subject: 'submissionAcceptedSubject',
    body: ['inclusionAcceptedBody'],
    action: { label: 'submissionAcceptedAction', url: 'url' },
  },
  'submission-declined': {
    subject: 'submissionDeclinedSubject',
    body: ['submissionDeclinedBody'],
    action: { label: 'submissionDeclinedAction', url: 'url' },
  },
  'submission-comment': {
    subject: 'submissionCommentSubject',
    body: ['submissionCommentBody'],
    action: { label: 'submissionCommentAction', url: 'url' },
  },
  // Sign-up answers alike for known and new addresses; the mail tells which (issue 22).
  // Sign-ups now get 'signup-verify'; kept for messages queued before the upgrade.
  'signup-welcome': {
    subject: 'signupWelcomeSubject',
    body: ['signupWelcomeBody'],
    action: { label: 'signupWelcomeAction', url: 'url' },
  },
  'signup-address-taken': {
    subject: 'signupTakenSubject',
    body: ['signupTakenBody'],
    action: { label: 'signupTakenAction', url: 'url' },
  },
  // Mailed account links (issue 23).
  'password-reset': {
    subject: 'passwordResetSubject',
    body: ['passwordResetBody'],
    action: { label: 'passwordResetAction', url: 'url' },
  },
  'signup-verify': {
    subject: 'signupWelcomeSubject',
    body: ['signupWelcomeBody', 'verifyEmailBody'],
    action: { label: 'verifyEmailAction', url: 'url' },
  },
  'email-verification': {
    subject: 'verifyEmailSubject',
    body: ['verifyEmailBody'],
    action: { label: 'verifyEmailAction', url: 'url' },
  },
  'email-change': {
    subject: 'emailChangeSubject',
    body: ['emailChangeBody'],
    action: { label: 'verifyEmailAction', url: 'url' },
  },
  // A first sign-in through a provider that shares no address.
  'identity-email': {
    subject: 'identityEmailSubject',
    body: ['identityEmailBody'],
    action: { label: 'identityEmailAction', url: 'url' },
  },
  'email-changed': {
    subject: 'emailChangedSubject',
    body: ['emailChangedBody'],
    action: { label: 'emailChangedAction', url: 'url' },
  },
  // An invitation into a community, mailed to an address (email-invitations.service.ts).
  'community-invitation': {
    subject: 'communityInviteSubject',
    body: ['communityInviteBody'],
    action: { label: 'communityInviteAction', url: 'url' },
  },
  // The fixity check found stored bytes changed or missing (to administrators).
  'fixity-alert': {
    subject: 'fixityAlertSubject',
    body: ['fixityAlertBody'],
    action: { label: 'fixityAlertAction', url: 'url' },
  },
  // Requests for more storage: to the administrators, then to the depositor who asked.
  'quota-increase-received': {
    subject: 'quotaIncreaseReceivedSubject',
    body: ['quotaIncreaseReceivedBody'],
    action: { label: 'quotaIncreaseReceivedAction', url: 'url' },
  },
  'quota-increase-accepted': {
    subject: 'quotaIncreaseAcceptedSubject',
    body: ['quotaIncreaseAcceptedBody'],
    action: { label: 'quotaIncreaseAction', url: 'url' },
  },
  'quota-increase-declined': {
    subject: 'quotaIncreaseDeclinedSubject',
    body: ['quotaIncreaseDeclinedBody'],
    action: { label: 'quotaIncreaseAction', url: 'url' },
  },
} as const satisfies Record<string, Template>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;

export function isMailTemplate(name: string): name is MailTemplate {
  return Object.hasOwn(MAIL_TEMPLATES, name);
}

/**
 * What a template is filled with. Plain values are text (escaped in HTML);
 * `message` is user HTML, sanitised; `permission` is a grant level,
 * translated; `expires`, when given, adds the link expiry line.
 */
export interface MailParams {
  site: string;
  siteUrl: string;
  url: string;
  title?: string;
  grantor?: string;
  requester?: string;
  /** The community a submission goes to. */
  community?: string;
  permission?: string;
  message?: string;
  /** Whose message `message` is. */
  messageAuthor?: string;
  expires?: string;
  /** How long a mailed account link works. */
  minutes?: string;
  hours?: string;
  /** How many days a mailed invitation works. */
  days?: string;
  /** An account's new address. */
  address?: string;
  /** The identity provider a first sign-in came through. */
  provider?: string;
  /** How many stored files failed a fixity check, and the first of them. */
  count?: string;
  files?: string;
  /** A secret link's description (or the start of its id). */
  link?: string;
}

/** Renders a template in a language, as text and as HTML. */
export function renderMail(name: MailTemplate, params: MailParams, language = 'en'): RenderedMail {
  const template: Template = MAIL_TEMPLATES[name];
  const t = mailTranslator(language);
  // A name left empty is a person whose profile is private to the recipient.
  const named = (name: string | undefined) => (name === '' ? t('someone') : name);
  const values = {
    ...params,
    requester: named(params.requester),
    messageAuthor: named(params.messageAuthor),
    ...(params.permission
      ? { permission: t(`permission_${params.permission}` as MailMessageKey) }
      : {}),
  };
  const paragraphs = template.body.map((key) => t(key, values));
  if (params.expires) paragraphs.push(t('guestGrantedExpiry', values));
  const message = params.message ? sanitizeHtml(params.message) : '';
  const messageIntro = t('messageFrom', { name: values.messageAuthor ?? params.grantor ?? '' });
  const actionLabel = t(template.action.label, values);
  const footer = t('footer', values);

  const text = [
    t('greeting'),
    ...paragraphs,
    ...(message ? [`${messageIntro}\n${htmlToText(message)}`] : []),
    `${actionLabel}: ${params.url}`,
    `-- \n${footer}`,
  ].join('\n\n');

  const html = [
    `<p>${escapeHtml(t('greeting'))}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(message ? [`<p>${escapeHtml(messageIntro)}</p><blockquote>${message}</blockquote>`] : []),
    `<p><a href="${escapeHtml(params.url)}">${escapeHtml(actionLabel)}</a></p>`,
    `<hr><p><small>${escapeHtml(footer)}</small></p>`,
  ].join('\n');

  return { subject: t(template.subject, values), text, html };
}
