import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drafts, records } from '../db/schema.ts';
import { filter } from './policy.ts';
import { recordPolicy, type Actor, type RecordTable } from './records.policy.ts';

const dialect = new PgDialect();
const text = (action: keyof typeof recordPolicy, table?: RecordTable) =>
  dialect.sqlToQuery(filter(recordPolicy, action, actor, table)).sql;

// Someone with every kind of access a filter can express.
const actor: Actor = {
  identity: { userId: 7, isAdmin: false, isSystem: false },
  groups: ['lab'],
  links: [{ id: 'l1', parentId: 'p1', permission: 'view' }],
  communities: [{ id: 'c1', role: 'curator' }],
};

describe('record filters', () => {
  // A condition on `parents.*` keeps a join to every parent in each search.
  it('test the searched row’s own parent, never the joined parent', () => {
    for (const action of ['canRead', 'canListAsMine', 'canReadDraft'] as const) {
      const onRecords = text(action, records);
      const onDrafts = text(action, drafts);
      expect(onRecords).toContain('"records"."parent_id" IN (');
      expect(onDrafts).toContain('"drafts"."parent_id" IN (');
      for (const sql of [onRecords, onDrafts]) {
        expect(sql).not.toMatch(/"parents"\."(id|owner_id|communities)"/);
      }
      expect(onDrafts).not.toContain('"records"."parent_id"');
    }
  });

  it('default to published records', () => {
    expect(text('canRead')).toBe(text('canRead', records));
  });
});
