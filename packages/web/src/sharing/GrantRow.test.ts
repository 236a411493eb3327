import { describe, expect, it } from 'vitest';
import type { Grant } from '../api/sharing.ts';
import { subjectName } from './GrantRow.tsx';

const grant = (subject?: Grant['expanded']): Grant => ({
  id: 'g1',
  subject: { type: 'user', id: '17' },
  permission: 'view',
  ...(subject ? { expanded: subject } : {}),
});

describe('subjectName', () => {
  it('names a person by their full name', () => {
    const named = grant({
      subject: {
        id: '17',
        username: 'ada',
        profile: { full_name: 'Ada Lovelace', affiliations: '' },
        is_current_user: false,
      },
    });
    expect(subjectName(named, 'Someone')).toBe('Ada Lovelace');
  });

  it('calls a person whose profile is private to the caller "Someone", not a number', () => {
    const hidden = grant({
      subject: {
        id: '17',
        username: null,
        name: '',
        profile: { full_name: '', affiliations: '' },
        is_current_user: false,
      },
    });
    expect(subjectName(hidden, 'Someone')).toBe('Someone');
  });

  it('keeps the id for a subject that is gone or not expanded', () => {
    expect(subjectName(grant(), 'Someone')).toBe('17');
    expect(subjectName(grant({ subject: { id: '17', is_current_user: false } }), 'Someone')).toBe(
      '17',
    );
  });
});
