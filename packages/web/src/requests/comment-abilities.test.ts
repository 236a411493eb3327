import { describe, expect, it } from 'vitest';
import type { RequestEvent } from '../api/requests.ts';
import { commentAbilities } from './comment-abilities.ts';

const comment = (overrides: Partial<RequestEvent> = {}): RequestEvent => ({
  id: 'e1',
  type: 'C',
  created_by: { user: '2' },
  payload: { content: '<p>Hi</p>', format: 'html' },
  created: '2026-03-01T10:00:00+00:00',
  ...overrides,
});

describe('what a reader may do with a comment', () => {
  it("follows the server's permissions when it sends them", () => {
    const event = comment({
      permissions: { can_update_comment: false, can_delete_comment: true, can_reply_comment: true },
    });
    // The author id would say otherwise: the server wins.
    expect(commentAbilities(event, '2', false)).toEqual({ edit: false, delete: true, reply: true });
  });

  it('without them, lets the author edit and delete, and commenters reply to top-level comments', () => {
    expect(commentAbilities(comment(), '2', true)).toEqual({
      edit: true,
      delete: true,
      reply: true,
    });
    expect(commentAbilities(comment(), '3', true)).toEqual({
      edit: false,
      delete: false,
      reply: true,
    });
    expect(commentAbilities(comment(), undefined, false)).toEqual({
      edit: false,
      delete: false,
      reply: false,
    });
    expect(commentAbilities(comment({ parent_id: 'e0' }), '2', true).reply).toBe(false);
  });

  it('offers nothing on status entries', () => {
    const log = comment({ type: 'L', payload: { event: 'submitted' }, permissions: {} });
    expect(commentAbilities(log, '2', true)).toEqual({ edit: false, delete: false, reply: false });
  });
});
