import { parse } from '@retorquere/bibtex-parser';
import { describe, expect, it } from 'vitest';
import { fullRecordJson as record, schemaErrors } from '../../test/export-schemas.ts';
import { bibtex, bibtexList } from './bibtex.ts';
import { dublinCore, dublinCoreXml, dublinCoreXmlList } from './dublin-core.ts';
import { marcXml, marcXmlList } from './marcxml.ts';

describe('Dublin Core', () => {
  it('is valid oai_dc, and the check can fail', async () => {
    const xml = dublinCoreXml(record);
    expect(await schemaErrors(xml, 'oai_dc')).toEqual([]);
    expect(await schemaErrors(xml.replace(/dc:title/g, 'dc:name'), 'oai_dc')).not.toEqual([]);
  });

  it('carries every field simple DC has', () => {
    const dc = dublinCore(record);
    expect(dc.title).toEqual([
      'Soil moisture, Lake Geneva basin 2025',
      'Lake Geneva soil moisture',
      'Humidité du sol, bassin lémanique 2025',
    ]);
    expect(dc.creator).toEqual(['Carberry, Josiah', 'European Organization for Nuclear Research']);
    expect(dc.contributor).toEqual(['Bloggs, Joe', 'University of Geneva']);
    expect(dc.identifier).toEqual([
      'https://doi.org/10.5281/zenodo.1234567',
      record.links.self_html,
      'https://lake.example.org/datasets/42',
      'https://hdl.handle.net/20.500.12345/42',
    ]);
    expect(dc.date).toEqual(['2026-01-10', '2025-03/2025-10', '2026-01-09']);
    expect(dc.type).toEqual(['info:eu-repo/semantics/other', 'Dataset']);
    expect(dc.language).toEqual(['eng', 'fra']);
    expect(dc.relation).toContain('https://doi.org/10.5281/zenodo.1234');
    expect(dc.relation).toContain('https://arxiv.org/abs/arXiv:2101.00001');
    expect(dc.relation).toContain('info:eu-repo/grantAgreement/European Commission//643410/');
    expect(dc.relation).toContain(record.metadata.references![0]!.reference);
    expect(dc.coverage).toEqual([
      'east=6.15; north=46.2; name=Geneva: Station 1',
      'northlimit=46.5; southlimit=46.1; westlimit=6; eastlimit=6.9; name=Lake Geneva basin',
    ]);
    expect(dc.rights).toContain('info:eu-repo/semantics/closedAccess');
    expect(dc.rights).toContain('https://creativecommons.org/licenses/by/4.0/legalcode');
    expect(dc.format).toEqual(['text/csv', '40 files', '1 GB']);
    expect(dc.description).toHaveLength(2);
    expect(dc.subject).toEqual(['Earth and related environmental sciences', 'hydrology']);
    expect(dc.publisher).toEqual(['Arca']);
  });

  it('lists search hits in one document', () => {
    const xml = [...dublinCoreXmlList([record, record])].join('');
    expect(xml.match(/<oai_dc:dc /g)).toHaveLength(2);
  });
});

describe('MARCXML', () => {
  it('is valid MARC 21 slim, one record or a collection, and the check can fail', async () => {
    expect(await schemaErrors(marcXml(record), 'marcxml')).toEqual([]);
    expect(await schemaErrors([...marcXmlList([record, record])].join(''), 'marcxml')).toEqual([]);
    expect(
      await schemaErrors(marcXml(record).replace('tag="245"', 'tag="24"'), 'marcxml'),
    ).not.toEqual([]);
  });

  it('carries every field as its MARC tag', () => {
    const xml = marcXml(record);
    const field = (tag: string) =>
      [...xml.matchAll(new RegExp(`<datafield tag="${tag}"[\\s\\S]*?</datafield>`, 'g'))].map(
        (m) => m[0],
      );
    expect(field('024').join()).toContain('10.5281/zenodo.1234567');
    expect(field('024')).toHaveLength(3);
    expect(field('100')[0]).toContain('Carberry, Josiah');
    expect(field('100')[0]).toContain('(orcid)0000-0002-1825-0097');
    expect(field('100')[0]).toContain('Lake Research Station');
    expect(field('110').concat(field('710')).join()).toContain('(ror)01ggx4157');
    expect(field('700')[0]).toContain('Bloggs, Joe');
    expect(field('710').join()).toContain('University of Geneva');
    expect(field('245')[0]).toContain('Soil moisture, Lake Geneva basin 2025');
    expect(field('246')).toHaveLength(2);
    expect(field('250')[0]).toContain('v1.0.0');
    expect(field('255')).toHaveLength(2);
    expect(field('264')[0]).toContain('2026-01-10');
    expect(field('300')).toHaveLength(2);
    expect(field('347')[0]).toContain('text/csv');
    expect(field('500')[0]).toContain('Capacitance probes');
    expect(field('504')[0]).toContain('Journal of Hydrology');
    expect(field('518')).toHaveLength(2);
    expect(field('520')[0]).toContain('Hourly soil moisture');
    expect(field('536')).toHaveLength(2);
    expect(field('540')).toHaveLength(2);
    expect(field('650')[0]).toContain('FOS');
    expect(field('653')[0]).toContain('hydrology');
    expect(field('651')[0]).toContain('(geonames)2660646');
    expect(field('787')).toHaveLength(2);
    expect(field('041')).toHaveLength(2);
  });
});

describe('BibTeX', () => {
  it('parses back to the same entry', () => {
    const parsed = parse(bibtex(record), { sentenceCase: false });
    expect(parsed.errors).toEqual([]);
    const [entry] = parsed.entries;
    expect(entry).toMatchObject({ type: 'misc', key: `carberry_2026_${record.id}` });
    expect(entry!.fields).toMatchObject({
      title: 'Soil moisture, Lake Geneva basin 2025',
      author: [
        { lastName: 'Carberry', firstName: 'Josiah' },
        { name: 'European Organization for Nuclear Research' },
      ],
      year: '2026',
      month: '1',
      doi: '10.5281/zenodo.1234567',
      version: 'v1.0.0',
      keywords: ['Earth and related environmental sciences', 'hydrology'],
    });
  });

  it('escapes what TeX would read as commands', () => {
    const tricky = {
      ...record,
      metadata: { ...record.metadata, title: '100% {H_2O} & $x^2$ \\o' },
    };
    const parsed = parse(bibtex(tricky), { sentenceCase: false });
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries[0]!.fields.title).toBe('100% {H_2O} & $x^2$ \\o');
  });

  it('lists search hits one after another', () => {
    expect(parse([...bibtexList([record, record])].join('')).entries).toHaveLength(2);
  });
});
