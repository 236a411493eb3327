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

  // One condition per family: four grant levels hashed apart were four reads of the grants.
  it('read the grants, links and community roles once, whatever the levels', () => {
    const linked: Actor = {
      ...actor,
      links: [...actor.links, { id: 'l2', parentId: 'p2', permission: 'edit' }],
      communities: [...actor.communities!, { id: 'c2', role: 'reader' }],
    };
    for (const action of ['canRead', 'canView', 'canListAsMine'] as const) {
      const sql = dialect.sqlToQuery(filter(recordPolicy, action, linked, records));
      expect(sql.sql.match(/FROM "grants"/g)).toHaveLength(1);
      expect(sql.sql.match(/communities/g)?.length ?? 0).toBeLessThanOrEqual(1);
    }
    const read = dialect.sqlToQuery(filter(recordPolicy, 'canRead', linked, records));
    expect(read.params).toEqual(
      expect.arrayContaining(['manage', 'edit', 'preview', 'view', 'p1', 'p2', 'c1', 'c2']),
    );
    expect(read.sql.match(/"records"\."parent_id" IN \(\$\d+, \$\d+\)/g)).toHaveLength(1);
  });

  it('default to published records', () => {
    expect(text('canRead')).toBe(text('canRead', records));
  });
});
