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
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export const errorMessages = {
  notFound: 'The requested URL was not found on the server.',
  methodNotAllowed: 'The method is not allowed for the requested URL.',
  badJson: 'Unable to decode JSON data in request body.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported media type: send the body as application/json.',
  validation: 'A validation error occurred.',
  invalidQuery: 'Invalid querystring parameters.',
  invalidPagination: 'Invalid pagination parameters.',
  unauthorized: 'The server could not verify that you are authorized to access the URL requested.',
  permissionDenied: 'Permission denied.',
  csrfMissing:
    'CSRF token missing or incorrect: send the value of the csrftoken cookie in the X-CSRFToken header.',
  invalidToken: 'The access token is invalid or has been revoked.',
  invalidCredentials: 'Invalid email or password.',
  accountInactive: 'This account is not active.',
  tooManyAttempts: 'Too many login attempts. Try again in {{minutes}} minutes.',
  signupDisabled: 'Sign-up is switched off on this site.',
  emailTaken: 'An account with this email address already exists.',
  usernameTaken: 'This username is already taken.',
  groupExists: 'A group with this name already exists.',
  unknownVocabulary: 'Unknown vocabulary type.',
  internal: 'The server encountered an internal error.',
} as const;

export type ErrorMessageKey = keyof typeof errorMessages;
