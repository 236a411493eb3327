import { describe, expect, it } from 'vitest';
import { fieldErrorLines, fieldLabel } from './field-errors.ts';

describe('link creation field errors', () => {
  it('capitalises the field name and turns underscores into spaces', () => {
    expect(fieldLabel('expires_at')).toBe('Expires at');
    expect(fieldLabel('permission')).toBe('Permission');
  });

  it('lists each message once', () => {
    expect(
      fieldErrorLines([
        {
          field: 'expires_at',
          messages: [
            'Expiration date must be set to the future',
            'Expiration date must be set to the future',
          ],
        },
        { field: 'expires_at', messages: ['Expiration date must be set to the future'] },
        { field: 'permission', messages: ['Invalid access permission level.'] },
      ]),
    ).toEqual([
      'Expires at: Expiration date must be set to the future',
      'Permission: Invalid access permission level.',
    ]);
  });
});
