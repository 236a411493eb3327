import { describe, expect, it } from 'vitest';
import { fullRecord, minimalRecord } from '@arca/schema';
import { createDraft, fieldErrors, publishRecord, publishable } from './records.helpers.ts';
import { alice, t, useAliceApp } from './records.lifecycle.helpers.ts';

useAliceApp();

describe('drafts', () => {
  it('creates a draft from the minimal record, with links, ETag and status', async () => {
    const response = await createDraft(alice, minimalRecord);
    const draft = response.json;
    expect(draft.id).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(draft.parent.id).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(draft.parent.id).not.toBe(draft.id);
    expect(draft).toMatchObject({
      is_draft: true,
      is_published: false,
      status: 'draft',
      revision_id: 1,
      versions: { index: 1, is_latest: false, is_latest_draft: true },
      access: {
        record: 'public',
        files: 'public',
        embargo: { active: false },
        status: 'metadata-only',
      },
      files: { enabled: false },
      parent: { access: { owned_by: { user: expect.any(String) } } },
    });
    expect(draft.errors).toBeUndefined();
    expect(response.headers.etag).toBe('"1"');
    expect(draft.links).toMatchObject({
      self: `http://arca.test/api/records/${draft.id}/draft`,
      self_html: `http://arca.test/uploads/${draft.id}`,
      preview_html: `http://arca.test/records/${draft.id}?preview=1`,
      publish: `http://arca.test/api/records/${draft.id}/draft/actions/publish`,
      reserve_doi: `http://arca.test/api/records/${draft.id}/draft/pids/doi`,
      access_links: `http://arca.test/api/records/${draft.id}/access/links`,
      versions: `http://arca.test/api/records/${draft.id}/versions`,
      record_html: `http://arca.test/records/${draft.id}`,
    });
    // Vocabulary references are stored as ids and read back with their titles.
    expect(draft.metadata.resource_type).toEqual({
      id: 'dataset',
      title: expect.objectContaining({ en: 'Dataset' }),
    });
  });

  it('stores descriptions sanitised: formatting stays, scripts go', async () => {
    const response = await createDraft(alice, {
      ...minimalRecord,
      metadata: {
        ...minimalRecord.metadata,
        description: '<p>Field <em>notes</em></p><script>alert(1)</script>',
        additional_descriptions: [
          { description: '<h3>Methods</h3><img src=x onerror=alert(1)>', type: { id: 'methods' } },
        ],
      },
    });
    expect(response.json.metadata.description).toBe('<p>Field <em>notes</em></p>');
    expect(response.json.metadata.additional_descriptions[0].description).toBe('<h3>Methods</h3>');
  });

  it('keeps the full record as sent; its only problem is the files still to upload', async () => {
    const response = await createDraft(alice, fullRecord);
    expect(response.json.errors).toEqual([
      {
        field: 'files.enabled',
        messages: [
          'Missing uploaded files. To disable files for this record please mark it as metadata-only.',
        ],
        severity: 'error',
      },
    ]);
    const read = await alice.get(`/api/records/${response.json.id}/draft`);
    expect(read.json.metadata.title).toBe(
      (fullRecord as { metadata: { title: string } }).metadata.title,
    );
    expect(read.json.metadata.creators).toHaveLength(
      (fullRecord as { metadata: { creators: unknown[] } }).metadata.creators.length,
    );
  });

  it('saves invalid values, reports them with their paths, and keeps them', async () => {
    const draft = (await createDraft(alice, publishable())).json;
    const body = publishable('Soil', {
      metadata: {
        resource_type: { id: 'no-such-type' },
        title: 'Soil',
        publication_date: 'last spring',
        creators: [
          { person_or_org: { type: 'personal', given_name: 'Only Given' } },
          { person_or_org: { type: 'organizational' } },
        ],
        contributors: [{ person_or_org: { type: 'personal', family_name: 'Helper' } }],
        rights: [{ title: {}, link: 'not a url' }],
      },
    });
    const saved = await alice.put(`/api/records/${draft.id}/draft`, body);
    expect(saved.status).toBe(200);
    const errors = fieldErrors(saved);
    expect(errors['metadata.creators.0.person_or_org.family_name']).toEqual([
      'Family name is a required field.',
    ]);
    expect(errors['metadata.creators.1.person_or_org.name']).toEqual(['Name is a required field.']);
    expect(errors['metadata.contributors.0.role']).toEqual(['Role is a required field.']);
    expect(errors['metadata.rights.0.title']).toEqual(['Title is a required field.']);
    expect(errors['metadata.rights.0.link']).toEqual(['Link must be a valid URL']);
    expect(errors['metadata.publication_date']).toHaveLength(1);
    expect(errors['metadata.resource_type.id']).toHaveLength(1);
    expect(saved.json.errors.every((e: { severity: string }) => e.severity === 'error')).toBe(true);

    const read = await alice.get(`/api/records/${draft.id}/draft`);
    expect(read.json.metadata.publication_date).toBe('last spring');
    expect(read.json.metadata.creators[0].person_or_org.given_name).toBe('Only Given');
    expect(read.json.metadata.rights[0].link).toBe('not a url');
    expect(fieldErrors(read)['metadata.publication_date']).toHaveLength(1);

    const publish = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(publish.status).toBe(400);
    expect(publish.json.message).toBe('A validation error occurred.');
    expect(fieldErrors(publish)['metadata.creators.0.person_or_org.family_name']).toEqual([
      'Family name is a required field.',
    ]);
  });

  it('refuses to publish without the required fields, naming each', async () => {
    const draft = (await createDraft(alice, {})).json;
    expect(draft.access).toMatchObject({ record: 'public', files: 'public' });
    expect(draft.files.enabled).toBe(true);
    const publish = await alice.post(`/api/records/${draft.id}/draft/actions/publish`);
    expect(publish.status).toBe(400);
    const errors = fieldErrors(publish);
    for (const field of [
      'metadata.resource_type',
      'metadata.title',
      'metadata.publication_date',
      'metadata.creators',
    ]) {
      expect(errors[field], field).toEqual(['Missing data for required field.']);
    }
    expect(errors['files.enabled']).toEqual([
      'Missing uploaded files. To disable files for this record please mark it as metadata-only.',
    ]);
  });

  it('checks If-Match: bare and quoted revisions, 412 when stale', async () => {
    const draft = (await createDraft(alice)).json;
    const path = `/api/records/${draft.id}/draft`;
    const first = await alice.put(path, publishable('First title'), {
      headers: { 'if-match': '1' },
    });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    const stale = await alice.put(path, publishable('Stale title'), {
      headers: { 'if-match': '1' },
    });
    expect(stale.status).toBe(412);
    expect(stale.json).toEqual({
      status: 412,
      message: "Revision id provided(1) doesn't match record's one(2)",
    });
    const quoted = await alice.put(path, publishable('Second title'), {
      headers: { 'if-match': '"2"' },
    });
    expect(quoted.status).toBe(200);
    expect((await alice.get(path)).json.metadata.title).toBe('Second title');
    const bad = await alice.put(path, publishable(), { headers: { 'if-match': 'yesterday' } });
    expect(bad.status).toBe(400);
    expect((await alice.delete(path, { headers: { 'if-match': '2' } })).status).toBe(412);
  });

  it('discards a never-published draft with its parent', async () => {
    const draft = (await createDraft(alice)).json;
    expect((await alice.delete(`/api/records/${draft.id}/draft`)).status).toBe(204);
    expect((await alice.get(`/api/records/${draft.id}/draft`)).status).toBe(404);
    expect(
      await t.services.records.latestReadable(
        { identity: { userId: null, isAdmin: false, isSystem: true }, groups: [], links: [] },
        draft.parent.id,
      ),
    ).toBeUndefined();
  });
});

describe('publishing, editing and versions', () => {
  it('publishes, then edits the published record through a draft with the same id', async () => {
    const record = await publishRecord(alice, publishable('Version one title'));
    expect(record).toMatchObject({
      is_draft: false,
      is_published: true,
      status: 'published',
      versions: { index: 1, is_latest: true },
      deletion_status: { is_deleted: false, status: 'P' },
    });
    expect(record.links.self).toBe(`http://arca.test/api/records/${record.id}`);
    expect(record.links.latest).toBe(`http://arca.test/api/records/${record.id}/versions/latest`);
    const anonymous = await t.client().get(`/api/records/${record.id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.link).toContain('rel="linkset"');
    expect((await alice.get(`/api/records/${record.id}/draft`)).status).toBe(404);
    expect(
      (await alice.put(`/api/records/${record.id}`, publishable('Direct change'))).status,
    ).toBe(403);

    const edit = await alice.post(`/api/records/${record.id}/draft`);
    expect(edit.status).toBe(201);
    expect(edit.json).toMatchObject({
      id: record.id,
      is_draft: true,
      is_published: true,
      status: 'published',
    });
    expect((await alice.post(`/api/records/${record.id}/draft`)).json.revision_id).toBe(
      edit.json.revision_id,
    );

    await alice.put(`/api/records/${record.id}/draft`, publishable('Version one, corrected'));
    expect((await t.client().get(`/api/records/${record.id}`)).json.metadata.title).toBe(
      'Version one title',
    );
    const republished = await alice.post(`/api/records/${record.id}/draft/actions/publish`);
    expect(republished.status).toBe(202);
    expect(republished.json.metadata.title).toBe('Version one, corrected');
    expect(republished.json.revision_id).toBeGreaterThan(record.revision_id);
    expect((await t.client().get(`/api/records/${record.id}`)).json.metadata.title).toBe(
      'Version one, corrected',
    );

    // Discarding an edit draft keeps the published record.
    await alice.post(`/api/records/${record.id}/draft`);
    expect((await alice.delete(`/api/records/${record.id}/draft`)).status).toBe(204);
    expect((await t.client().get(`/api/records/${record.id}`)).status).toBe(200);
  });

  it('makes a new version, lists versions and redirects to the latest', async () => {
    const first = await publishRecord(alice, publishable('Versioned dataset'));
    const next = await alice.post(`/api/records/${first.id}/versions`);
    expect(next.status).toBe(201);
    expect(next.json).toMatchObject({
      status: 'new_version_draft',
      versions: { index: 2 },
      is_published: false,
    });
    expect(next.json.id).not.toBe(first.id);
    expect(next.json.parent.id).toBe(first.parent.id);
    expect(next.json.metadata.title).toBe('Versioned dataset');
    expect(next.json.links.self_html).toBe(`http://arca.test/uploads/${next.json.id}`);
    expect((await alice.post(`/api/records/${first.id}/versions`)).json.id).toBe(next.json.id);

    await alice.put(`/api/records/${next.json.id}/draft`, publishable('Versioned dataset, v2'));
    const second = await alice.post(`/api/records/${next.json.id}/draft/actions/publish`);
    expect(second.json.versions).toMatchObject({ index: 2, is_latest: true });

    const versions = await t.client().get(`/api/records/${first.id}/versions`);
    expect(versions.json.hits.total).toBe(2);
    expect(versions.json.hits.hits.map((v: { id: string }) => v.id)).toEqual([
      second.json.id,
      first.id,
    ]);
    expect((await t.client().get(`/api/records/${first.id}`)).json.versions.is_latest).toBe(false);

    const latest = await t.client().get(`/api/records/${first.id}/versions/latest`);
    expect(latest.status).toBe(301);
    expect(latest.headers.location).toBe(`http://arca.test/api/records/${second.json.id}`);
    expect(latest.json).toEqual({
      status: 301,
      message: 'Redirecting...',
      location: latest.headers.location,
    });

    const byParent = await t.client().get(`/api/records/${first.parent.id}`);
    expect(byParent.status).toBe(302);
    expect(byParent.headers.location).toBe(`http://arca.test/api/records/${second.json.id}`);
  });

  it('expands the owner and adds the ui block with abilities for the web app', async () => {
    const draft = (await createDraft(alice)).json;
    const response = await alice.get(`/api/records/${draft.id}/draft?expand=1`, {
      headers: { accept: 'application/vnd.inveniordm.v1+json' },
    });
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.inveniordm\.v1\+json/);
    expect(response.json.expanded.parent.access.owned_by.profile.full_name).toBe('Alice Archer');
    expect(response.json.ui.permissions).toMatchObject({
      can_manage: true,
      can_edit: true,
      can_publish: true,
      can_new_version: true,
    });
    expect(response.json.ui.resource_type).toEqual({ id: 'dataset', title_l10n: 'Dataset' });
    expect((await alice.get(`/api/records/${draft.id}/draft`)).json.ui).toBeUndefined();
  });
});
