// Validation and error messages shared by the server and the web app.
// Schemas emit these keys; each side translates them with i18next, so an API
// client gets the text in its Accept-Language and the form shows it in the UI
// language. The English texts are SPEC.md's where SPEC gives one.
export const validationMessages = {
  required: 'Missing data for required field.',
  invalidEmail: 'Not a valid email address.',
  passwordTooShort: 'Password must be at least {{min}} characters long.',
  passwordTooLong: 'Password must be at most {{max}} characters long.',
  tooLong: 'Must be at most {{max}} characters long.',
  notAString: 'Not a valid string.',
  notABoolean: 'Not a valid boolean.',
  invalidOrcid: 'Not a valid ORCID identifier.',
  invalidChoice: 'Must be one of: {{choices}}.',
  invalidName: 'Only lower-case letters, digits, "-" and "_" are allowed.',
  invalid: 'Invalid value.',
  invalidColor: 'A colour is "#" and six hexadecimal digits, such as #1f6feb.',
  notAnInteger: 'Not a valid integer.',
  // Asking for more storage (quota-increase requests).
  quotaSizeNotLarger: 'Must be more than the current limit.',
  quotaSizeTooLarge: 'Must be at most {{max}} bytes.',
  notAList: 'Not a valid list.',
  notAnObject: 'Not a valid object.',
  // A record's communities (rdm-records `services/schemas/record_communities.py`)
  listTooShort: 'Shorter than minimum length {{min}}.',
  tooManyCommunities: 'Too many communities passed, {{max}} max allowed.',
  duplicatedCommunities: 'Duplicated communities.',
  // Records and drafts (records/validate-record.ts)
  titleTooShort: 'Shorter than minimum length 3.',
  invalidDateOrInterval:
    'Please provide a valid date or interval in the format YYYY-MM-DD, YYYY-MM, YYYY, or an interval such as 2020-01/2020-06.',
  invalidCreatorType: 'Must be one of: personal, organizational.',
  familyNameRequired: 'Family name is a required field.',
  nameRequired: 'Name is a required field.',
  roleRequired: 'Role is a required field.',
  titleRequired: 'Title is a required field.',
  invalidLink: 'Link must be a valid URL',
  invalidPersonScheme: 'Must be one of: orcid, isni, gnd.',
  invalidOrganizationScheme: 'Must be one of: ror, isni, gnd.',
  duplicateScheme: 'Only one identifier per scheme is allowed.',
  invalidIdentifier: 'Not a valid identifier for the selected scheme.',
  affiliationIdOrName: 'An affiliation needs an existing id or a name.',
  subjectIdOrText: 'A subject needs an existing id or a free text subject.',
  funderIdOrName: 'A funder needs an existing id or a name.',
  invalidVisibility: 'Must be one of: public, restricted.',
  embargoUntilRequired: 'Embargo end date is required when the embargo is active.',
  invalidEmbargoDate: 'Embargo end date must be a date in the format YYYY-MM-DD.',
  embargoUntilNotFuture: 'Embargo end date must be in the future.',
  invalidDoi: 'Not a valid DOI. A DOI looks like 10.1234/abc-123.',
  missingDoi: 'Missing DOI for required field.',
  invalidScheme: 'This identifier scheme is not allowed here.',
  unknownScheme: 'No valid scheme recognized for identifier.',
  invalidGeometry:
    'Not a valid GeoJSON geometry: give a Point, MultiPoint or Polygon of [longitude, latitude] positions.',
  unknownField: 'Unknown field.',
  longerThan1000: 'Must be at most 1,000 characters long.',
  longerThan100000: 'Must be at most 100,000 characters long.',
  documentTooLarge: 'The record is too large: its metadata may take at most 2 MB.',
  // Checked by the server (vocabularies, files, access history, DOIs).
  unknownVocabularyValue: 'This value is not in the vocabulary.',
  missingFiles:
    'Missing uploaded files. To disable files for this record please mark it as metadata-only.',
  restrictionAfterGrace:
    'Record visibility can not be changed to restricted anymore. Please contact support if you still need to make these changes.',
  doiTaken: 'This DOI is already used by another record.',
  doiNeededPublish: 'DOI is needed. You need to reserve a DOI before publishing.',
  doiNeededSubmit: 'DOI is needed. You need to reserve a DOI before submitting for review.',
  doiRegistered: 'A registered DOI cannot be discarded.',
  publisherNeededForDoi: 'Missing publisher field required for DOI registration.',
  defaultPreviewNotFound: 'The default preview must be one of the files of this record.',
  // Sharing: secret links, grants, access settings (API.md §3).
  linkPermissionRequired: 'An access permission level is required',
  linkPermissionInvalid: 'Invalid access permission level.',
  invalidExpiryDate: 'Expiration date must be a date in the format YYYY-MM-DD.',
  linkExpiryPast: 'Expiration date must be set to the future',
  linkPostpone: 'Cannot postpone expiration of links',
  linkCapInvalid: 'Must be a whole number from 1 to 1000000, or empty for no limit.',
  linkViewUnpublished:
    'A view link needs a published version: this record has not been published yet.',
  grantsCount: 'Give between 1 and 100 grants.',
  notSameRecord: 'Not a version of the same record.',
  subjectNotFound: 'Could not find the specified subject.',
  grantToOwner: 'The owner already has every permission on this record.',
  duplicateGrant: 'This subject appears more than once in the request.',
  subjectNotVerified:
    'This person has not confirmed their email address yet and cannot be given access.',
  invalidLinkExpiration: 'Must be one of: 0, 30, 60, 180, 365.',
  // Files (API.md §2, SPEC §5)
  filesExistMetadataOnly:
    'A record with files cannot be metadata-only. Remove the files first to mark it as metadata-only.',
  filesPending: 'One or more files have not completed their transfer, please wait.',
  filesNotEnabled: 'Files support must be enabled.',
  removeFilesFirst: 'Please remove all files first.',
  recordHasNoFiles: 'The record has no files.',
  fileKeyRequired: 'A file name is required.',
  invalidFileKey:
    'Not a valid file name: it may not contain "\\", "//" or control characters, start or end with "/" or a space, have a folder or name that is "." or "..", or be longer than 255 characters.',
  invalidChecksum: 'A checksum looks like md5:<32 hexadecimal digits>.',
  multipartSizeRequired: 'A multipart upload needs the file size.',
  tooManyParts: 'A multipart upload has from 1 to 10000 parts.',
  partSizeOutOfRange: 'Parts must be from 5 MiB (5242880 bytes) to 5 GiB (5368709120 bytes).',
  partsDoNotMatchSize: 'The number of parts times the part size does not match the file size.',
  // Request search and edits (API.md §4.3).
  payloadNotEditable: 'This field of the request cannot be edited.',
  invalidReference: 'Give a reference as type:id, e.g. user:1 or community:<id>.',
  // Any input (http/input-guard.ts): what PostgreSQL cannot store.
  unstorableText:
    'Contains characters that cannot be stored (a NUL character or an unpaired surrogate).',
  nestedTooDeep: 'Nested too deeply.',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const errorMessages = {
  notFound: 'The requested URL was not found on the server.',
  /** No media type in the request's Accept header is one Arca can produce. */
  notAcceptable: 'None of the media types asked for can be answered. Available: {{available}}.',
  /** A DataCite XML export of a record without a DOI (the kernel requires one). */
  exportNeedsDoi: 'This record has no DOI, and the {{format}} format needs one.',
  pidNotFound: 'The persistent identifier does not exist.',
  /** InvenioRDM's answer to a lookup that found nothing (NoResultFound). */
  resultNotFound: 'Not found.',
  methodNotAllowed: 'The method is not allowed for the requested URL.',
  badJson: 'Unable to decode JSON data in request body.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported media type: send the body as application/json.',
  validation: 'A validation error occurred.',
  invalidQuery: 'Invalid querystring parameters.',
  unknownCitationStyle:
    'Unknown citation style. GET /api/citation-styles lists the styles available.',
  unknownCitationLocale: 'Unknown citation locale. Use a language tag such as en-US or de-DE.',
  unauthorized: 'The server could not verify that you are authorized to access the URL requested.',
  permissionDenied: 'Permission denied.',
  csrfMissing:
    'CSRF token missing or incorrect: send the value of the csrftoken cookie in the X-CSRFToken header.',
  invalidToken: 'The access token is invalid or has been revoked.',
  invalidCredentials: 'Invalid email or password.',
  accountInactive: 'This account is not active.',
  tooManyAttempts: 'Too many login attempts. Try again in {{minutes}} minutes.',
  tooManyAccessRequests: 'Too many access requests. Try again in {{minutes}} minutes.',
  signupDisabled: 'Sign-up is switched off on this site.',
  emailTaken: 'An account with this email address already exists.',
  wrongCurrentPassword: 'This is not your current password.',
  emailUnchanged: 'This is already your address.',
  // Mailed account links and verified addresses (issue 23).
  resetLinkInvalid: 'This link is invalid, has expired or was already used. Ask for a new one.',
  verifyLinkInvalid: 'This confirmation link is invalid or has expired. Ask for a new one.',
  localLoginDisabled: 'Logging in with a password is switched off on this site.',
  emailNotVerified: 'Confirm your email address first: follow the link we mailed you.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  lastSignInMethod: 'Your only way to log in cannot be unlinked.',
  identityNotFound: 'No identity of this provider is linked to your account.',
  // A first sign-in whose provider shares no address.
  signInExpired: 'This sign-in has expired. Start again from the login page.',
  emailDomainNotAllowed: 'Addresses of this domain cannot be used with this provider.',
  providerNoAccount:
    'No account has this email address, and new accounts cannot be created with this provider.',
  providerUnverifiedAccount:
    'An account with this email address exists, but its address is not confirmed. Log in with its password, confirm the address, then link the provider in your settings.',
  usernameTaken: 'This username is already taken.',
  groupExists: 'A group with this name already exists.',
  unknownVocabulary: 'Unknown vocabulary type.',
  invalidIfMatch: 'Invalid If-Match header: send the revision id, e.g. If-Match: "4".',
  revisionMismatch: "Revision id provided({{given}}) doesn't match record's one({{current}})",
  concurrentChange:
    'Another change to this record was made at the same time; reload it and try again.',
  invalidQuerySyntax: 'Invalid query string syntax.',
  invalidPeriod: 'The period ends before it begins.',
  unknownSearchField: 'Unknown search field: {{field}}.',
  redirecting: 'Redirecting...',
  // Deletion (InvenioRDM's tombstones).
  recordDeleted: 'Record deleted',
  recordNotDeleted: 'This record is not deleted.',
  deletionAlreadyRequested: 'The deletion of this record has already been requested.',
  quotaIncreaseAlreadyRequested: 'A request for more storage is already open.',
  internal: 'The server encountered an internal error.',
  // Sharing (API.md §3).
  linkNotFound: 'No secret link found with the given ID.',
  grantNotFound: 'No grant found with the given ID.',
  userGrantNotFound: 'No grant found by given user id.',
  groupGrantNotFound: 'No grant found by given group id.',
  grantExists: 'Grant for this user/role already exists within this record.',
  ownerNotRemovable: 'The owner of a record cannot be removed from it.',
  linkUpdateNotAllowed: 'Secret links cannot be replaced: change them with PATCH.',
  linkUsesExhausted: 'This link has reached its limit of uses and no longer gives access.',
  linkDownloadsExhausted:
    'This link has reached its limit of file downloads and no longer lets files be downloaded.',
  linkBoundToOtherVisitor:
    'This link can only be used by the first browser that opened it, and that was another one.',
  // Communities, reviews and requests (SPEC §4-§5; API.md §4.2, §4.3, §5.1).
  communityCreationRestricted: 'Only administrators may create communities on this site.',
  communitySlugTaken: 'A community with this identifier already exists.',
  communityNotFound: 'The community was not found.',
  communityDeleted: 'Community deleted',
  communityNotDeleted: 'This community is not deleted.',
  logoTooLarge: 'The logo must be at most {{max}} bytes.',
  logoType: 'The logo must be a PNG, JPEG, GIF or WebP image.',
  lastOwner: 'A community must keep at least one owner.',
  memberNotFound: 'No user with the id {{id}}.',
  ownersOnly: 'Only owners may add, change or remove owners.',
  ownVisibilityOnly: 'Members may show or hide only their own membership.',
  alreadyMember: 'User {{id}} is already a member of this community.',
  alreadyInvited: 'User {{id}} already has an open invitation to this community.',
  alreadyInvitedEmail: '{{email}} already has an open invitation to this community.',
  tooManyInvitationMails:
    'Too many invitations were mailed for this community. Try again in {{minutes}} minutes.',
  memberPolicyClosed: 'This community takes new members by invitation only.',
  invitationLinkInvalid: 'This invitation link is invalid, was already used or has expired.',
  invitationOtherAddress:
    'This invitation was sent to another email address. Log in with the address it was sent to.',
  invalidReviewType: 'Invalid review type.',
  reviewNotFound: 'Review for draft not found',
  reviewPublished: 'You cannot create a review for an already published record.',
  reviewNewVersion: 'You cannot create a review for a new version of a published record.',
  reviewOpenNoDelete: 'An open review cannot be deleted.',
  reviewOpenNoChange:
    'You cannot change the review of a draft with an open review request. Please cancel the review request first.',
  reviewOpenNoPublish:
    'You cannot publish a draft with an open review request. Please cancel the review request first.',
  reviewOpenNoDeleteDraft:
    'You cannot delete a draft with an open review. Please cancel the review first.',
  reviewAlreadySubmitted: 'This draft is already in review.',
  submissionRestrictedCommunity:
    'Submission to this community is only allowed if the record is restricted.',
  submissionMembersOnly: 'Submission to this community is only allowed to community members.',
  submissionDedicatedForm:
    'Submission to this community is only allowed through its own upload form.',
  invalidRequestType: 'Invalid request type.',
  invalidRequestAction: 'The action "{{action}}" does not exist for this request.',
  requestActionNotPossible:
    'The action "{{action}}" cannot be done on a request in status {{status}}.',
  cannotReply: 'Only comments can be replied to, and replies cannot be replied to.',
  autoAccepted: 'This request has been automatically accepted.',
  // Including published records in communities (rdm-records `services/errors.py`).
  inclusionCommunityNotFound: 'Community not found.',
  inclusionAlreadyIncluded: 'The record is already included in this community.',
  inclusionAlreadyRequested: 'There is already an open inclusion request for this community.',
  inclusionPublicRecord: 'A public record cannot be included in a restricted community.',
  // InvenioRDM's own words, "in not" included: clients match on them.
  recordNotInCommunity: 'The record {{record}} in not included in the community {{community}}.',
  // Editing and deleting requests (API.md §4.3).
  requestNotEditable: 'A request in status {{status}} cannot be edited.',
  requestNotDeletable:
    'Only a request that was not submitted can be deleted; this one is {{status}}.',
  // Files (API.md §2, SPEC §5)
  noFilesToUpload: 'No files to upload.',
  fileAlreadyExists: '{{filename}} is already part of this upload.',
  emptyFileNotAllowed: 'Empty files are not allowed: {{filename}} has no content.',
  tooManyFiles:
    'Could not upload files. Uploading selected files will result in exceeding the max amount per record ({{max}} files).',
  storageLimitExceeded:
    'Could not upload files. The files would take {{total}} bytes, more than the storage limit of {{limit}} bytes for this record.',
  userStorageLimitExceeded:
    'Could not upload files. Your files would take {{total}} bytes, more than your storage limit of {{limit}} bytes.',
  tooManyOpenDrafts:
    'You have reached the limit of {{max}} open drafts. Publish or delete a draft to start a new one.',
  tooManyCreations:
    'Too many new drafts, communities or requests. Try again in {{seconds}} seconds.',
  filesLocked:
    'The files of a published record cannot be changed. Create a new version to change them.',
  fileNotFound: 'No file with the key {{key}} in this record.',
  wrongTransferType: 'This upload does not use this transfer type.',
  fileAlreadyCommitted: 'File with key {{key}} is already committed.',
  fileSizeLimit:
    'File size limit exceeded: {{key}} may have at most {{limit}} bytes, {{received}} were sent.',
  fileSizeMismatch:
    'The size of {{key}} ({{received}} bytes) differs from the size announced ({{declared}} bytes).',
  fileChecksumMismatch: 'The checksum of {{key}} differs from the checksum announced.',
  partUrlExpired:
    'This upload URL has expired. Read the file again (its self link) to get fresh part URLs.',
  partsGoToStorage: 'Parts of this upload go directly to the storage, to the URLs in links.parts.',
  invalidPartNumber: 'Invalid part number: parts are numbered from 1 to {{max}}.',
  partSizeMismatch:
    'Size of this part must be equal to part_size sent in multipart initialization (part {{part}}: {{size}} bytes).',
  contentMd5Mismatch:
    'The Content-MD5 header does not match the bytes received for part {{part}}; send the part again.',
  missingParts: 'Parts still missing: {{parts}}.',
  fileNoContent: 'No content has been uploaded for {{key}}.',
  fileChanged: 'The content of {{key}} changed during the commit; commit again.',
  fileNotCommitted: 'The file {{key}} has not been committed yet.',
  fileUploadAbandoned:
    'The upload of {{key}} received no bytes for too long and was abandoned. Upload the file again.',
  rangeNotSatisfiable: 'The requested range is not satisfiable.',
  // Access requests (API.md §3.5; issue 5 part 4).
  accessRequestsClosed: 'This record does not accept access requests.',
  accessRequestNotNeeded: 'You can already access the files of this record.',
  accessRequestExists: 'Identical access requests already exist: {{id}}',
  accessRequestVerificationSent: 'Verification link sent out, please check your e-mail inbox',
  accessRequestLinkExpired:
    'This verification link has expired. Please ask for access again to get a new one.',
  accessRequestLinkInvalid: 'This verification link is not valid.',
  accessRequestRecordGone: 'The record of this request no longer exists.',
} as const;

export type ErrorMessageKey = keyof typeof errorMessages;
