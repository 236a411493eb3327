import type { RecordJson } from '@arca/schema';
import { describe, expect, it } from 'vitest';
import { escapeHtml, recordHead, scriptJson, withHead } from './record-head.ts';
import { schemaOrgDataset } from '../exports/json-ld.ts';

function record(overrides: Partial<RecordJson> = {}): RecordJson {
  return {
    id: 'a1b2c-3d4e5',
    created: '2026-01-10T09:12:33+00:00',
    updated: '2026-01-11T10:00:00+00:00',
    revision_id: 3,
    is_draft: false,
    is_published: true,
    status: 'published',
    versions: { index: 1, is_latest: true },
    pids: { doi: { identifier: '10.1234/arca.1', provider: 'managed' } },
    metadata: {
      title: 'Lake cores',
      publication_date: '2026-01-10',
      creators: [
        { person_or_org: { type: 'personal', family_name: 'Doe', given_name: 'Jane' } },
        { person_or_org: { type: 'organizational', name: 'CERN' } },
      ],
    },
    custom_fields: {},
    access: {
      record: 'public',
      files: 'public',
      embargo: { active: false, until: null, reason: null },
      status: 'open',
    },
    files: {
      enabled: true,
      entries: {
        'paper.pdf': {
          id: '1',
          key: 'paper.pdf',
          size: 2048,
          mimetype: 'application/pdf',
          checksum: 'md5:abc',
          storage_class: 'L',
          metadata: {},
          access: { hidden: false },
          links: {
            self: 'https://arca.test/api/records/a1b2c-3d4e5/files/paper.pdf',
            content: 'https://arca.test/api/records/a1b2c-3d4e5/files/paper.pdf/content',
          },
        },
        'data.csv': {
          id: '2',
          key: 'data.csv',
          size: 10,
          mimetype: 'text/csv',
          checksum: 'md5:def',
          storage_class: 'L',
          metadata: {},
          access: { hidden: false },
          links: {
            self: 'https://arca.test/api/records/a1b2c-3d4e5/files/data.csv',
            content: 'https://arca.test/api/records/a1b2c-3d4e5/files/data.csv/content',
          },
        },
      },
    },
    parent: { id: 'p0q1r-s2t3u', access: { owned_by: { user: '1' } }, communities: {}, pids: {} },
    links: { self_html: 'https://arca.test/records/a1b2c-3d4e5' },
    ...overrides,
  };
}

describe('recordHead', () => {
  it('lists a citation_pdf_url for each PDF the reader may download, and no other file', () => {
    const head = recordHead(record(), 'Arca');
    expect(head).toContain(
      '<meta name="citation_pdf_url" content="https://arca.test/api/records/a1b2c-3d4e5/files/paper.pdf/content" />',
    );
    expect(head).not.toContain('data.csv/content" />');
    expect(head).toContain('<meta name="citation_author" content="Doe, Jane" />');
    expect(head).toContain('<meta name="citation_author" content="CERN" />');
    expect(head).toContain('<meta name="citation_doi" content="10.1234/arca.1" />');
    expect(head).toContain('<title>Lake cores | Arca</title>');
  });

  it('has no citation_pdf_url when the files are not listed for the reader', () => {
    const head = recordHead(record({ files: { enabled: true } }), 'Arca');
    expect(head).not.toContain('citation_pdf_url');
    expect(schemaOrgDataset(record({ files: { enabled: true } }))).not.toHaveProperty(
      'distribution',
    );
  });

  it('gives the first date of an interval in Google Scholar form', () => {
    const head = recordHead(
      record({ metadata: { ...record().metadata, publication_date: '2020-05/2021' } }),
      'Arca',
    );
    expect(head).toContain('<meta name="citation_publication_date" content="2020/05" />');
  });

  it('describes the files as schema.org downloads', () => {
    const dataset = schemaOrgDataset(record());
    expect(dataset.distribution).toEqual([
      expect.objectContaining({ '@type': 'DataDownload', name: 'paper.pdf', contentSize: '2048' }),
      expect.objectContaining({ '@type': 'DataDownload', name: 'data.csv' }),
    ]);
    expect(dataset.creator).toEqual([
      { '@type': 'Person', name: 'Doe, Jane', givenName: 'Jane', familyName: 'Doe' },
      { '@type': 'Organization', name: 'CERN' },
    ]);
  });
});

describe('escaping', () => {
  it('escapes text for attributes and JSON for script elements', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const json = scriptJson({ text: '</script><!-- \u2028' });
    expect(json).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(json)).toEqual({ text: '</script><!-- \u2028' });
  });

  it('puts the head in place of the title, or before </head> when there is none', () => {
    expect(withHead('<head><title>Arca</title></head>', '<title>X $& $1</title>')).toBe(
      '<head><title>X $& $1</title></head>',
    );
    expect(withHead('<head></head>', '<title>X</title>')).toContain('<title>X</title>\n  </head>');
  });
});
