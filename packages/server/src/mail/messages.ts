// The mail catalogue (i18next namespace `mail`): subjects and paragraphs of
// every notification. Translations add a catalogue per language in i18n.ts.
export const mailMessages = {
  permission_view: 'view',
  permission_preview: 'preview',
  permission_edit: 'edit',
  permission_manage: 'manage',
  greeting: 'Hello,',
  footer: 'This message was sent by {{site}} ({{siteUrl}}).',
  messageFrom: 'Message from {{name}}:',
  /** Whoever acted, when their profile is private to the recipient. */
  someone: 'Someone',

  grantSubject: '{{grantor}} shared "{{title}}" with you',
  grantBody: '{{grantor}} gave you {{permission}} access to "{{title}}".',
  grantAction: 'Open the record',
  linkFirstUseSubject: 'Your secret link to "{{title}}" was used for the first time',
  linkFirstUseBody:
    'The secret link "{{link}}" to "{{title}}" has just been used for the first time. The share dialog of the record shows how it is used; there you can limit or delete it.',

  requestReceivedSubject: 'Access request for "{{title}}"',
  requestReceivedBody: '{{requester}} asked for access to the files of "{{title}}".',
  requestReceivedAction: 'Review the request',

  requestAcceptedSubject: 'Your access request for "{{title}}" was accepted',
  requestAcceptedBody: 'You can now see the files of "{{title}}".',
  requestAcceptedAction: 'Open the record',

  requestDeclinedSubject: 'Your access request for "{{title}}" was declined',
  requestDeclinedBody: 'The owner of "{{title}}" declined your request for access.',
  requestDeclinedAction: 'See the request',

  guestVerifySubject: 'Confirm your access request for "{{title}}"',
  guestVerifyBody:
    'Someone, probably you, asked with this email address for access to the files of "{{title}}". Confirm the request within 6 hours. If it was not you, ignore this message.',
  guestVerifyAction: 'Confirm the request',

  guestGrantedSubject: 'Access to "{{title}}"',
  guestGrantedBody: 'Your request was accepted: this link opens the files of "{{title}}".',
  guestGrantedExpiry: 'The link works until {{expires}}.',
  guestGrantedAction: 'Open the record',

  // Community submissions (issue 6 part 5).
  submissionReceivedSubject: 'New submission to {{community}}: "{{title}}"',
  submissionReceivedBody: '{{requester}} submitted "{{title}}" to {{community}} for review.',
  submissionReceivedAction: 'Review the submission',

  submissionAcceptedSubject: 'Your submission "{{title}}" was accepted',
  submissionAcceptedBody: '{{community}} accepted "{{title}}": it is now published.',
  inclusionAcceptedBody:
    '{{community}} accepted "{{title}}": the record is now part of the community.',
  submissionAcceptedAction: 'Open the record',

  submissionDeclinedSubject: 'Your submission "{{title}}" was declined',
  submissionDeclinedBody: '{{community}} declined "{{title}}".',
  submissionDeclinedAction: 'See the request',

  submissionCommentSubject: 'New comment on your submission "{{title}}"',
  submissionCommentBody: '{{requester}} commented on your submission "{{title}}" to {{community}}.',
  submissionCommentAction: 'See the comment',

  signupWelcomeSubject: 'Welcome to {{site}}',
  signupWelcomeBody:
    'An account at {{site}} was created with this email address. If you did not sign up, tell the administrators of {{site}}.',
  signupWelcomeAction: 'Log in',

  signupTakenSubject: 'Sign-up attempt at {{site}} with your address',
  signupTakenBody:
    'Someone tried to sign up at {{site}} with this email address, which already has an account. If it was you, log in with your password; if you have forgotten it, ask the administrators of {{site}} to reset it. If it was not you, ignore this message: your account has not changed.',
  signupTakenAction: 'Log in',

  passwordResetSubject: 'Reset your password at {{site}}',
  passwordResetBody:
    'Someone, probably you, asked to reset the password of your account at {{site}}. The link works once, for {{minutes}} minutes. If it was not you, ignore this message: your password has not changed.',
  passwordResetAction: 'Choose a new password',

  verifyEmailSubject: 'Confirm your email address at {{site}}',
  verifyEmailBody:
    'Confirm that this email address belongs to your account at {{site}}. The link works for {{hours}} hours. If you did not ask for this, ignore this message.',
  verifyEmailAction: 'Confirm my address',

  emailChangeSubject: 'Confirm your new email address at {{site}}',
  emailChangeBody:
    'Confirm that this address should replace the one on your account at {{site}}. The address changes only when you follow the link, which works for {{hours}} hours. If you did not ask for this, ignore this message.',
  emailChangedSubject: 'Your email address at {{site}} was changed',
  emailChangedBody:
    'The email address of your account at {{site}} is now {{address}}. If you did not make this change, reset your password at once and tell the site’s administrators.',
  emailChangedAction: 'Open my settings',

  identityEmailSubject: 'Finish signing in to {{site}}',
  identityEmailBody:
    'Someone, probably you, signed in to {{site}} with {{provider}} and gave this email address. Follow the link within {{minutes}} minutes to confirm the address and finish signing in; if an account already has this address, {{provider}} is linked to it. If it was not you, ignore this message.',
  identityEmailAction: 'Finish signing in',

  // An invitation into a community, mailed to an address that may have no account yet.
  communityInviteSubject: 'Invitation to join {{community}} at {{site}}',
  communityInviteBody:
    '{{requester}} invited you to join the community {{community}} at {{site}}. Open the link, then log in or sign up with this email address and confirm it, to accept or decline. The link works once, for {{days}} days.',
  communityInviteAction: 'See the invitation',

  // The fixity check, to administrators.
  fixityAlertSubject: 'Stored files at {{site}} no longer match their checksums',
  fixityAlertBody:
    'The fixity check read back stored files whose bytes changed or are missing. Files affected: {{count}}. Among them: {{files}}. Restore them from a backup.',
  fixityAlertAction: 'Open the administration',

  // Requests for more storage, decided by administrators.
  quotaIncreaseReceivedSubject: 'Request for more storage for "{{title}}"',
  quotaIncreaseReceivedBody: '{{requester}} asked for more storage for "{{title}}".',
  quotaIncreaseReceivedAction: 'Review the request',
  quotaIncreaseAcceptedSubject: 'Your request for more storage for "{{title}}" was accepted',
  quotaIncreaseAcceptedBody: 'The administrators raised the storage limit you asked about.',
  quotaIncreaseDeclinedSubject: 'Your request for more storage for "{{title}}" was declined',
  quotaIncreaseDeclinedBody:
    'The administrators declined your request for more storage. Their comment is on the request page.',
  quotaIncreaseAction: 'See the request',
} as const;

export type MailMessageKey = keyof typeof mailMessages;
