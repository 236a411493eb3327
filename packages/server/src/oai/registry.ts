import { DATACITE_NS, DATACITE_XSD, dataciteResource } from '../exports/datacite-xml.ts';
import { dcatXml } from '../exports/dcat.ts';
import { OAI_DC_NS, OAI_DC_XSD, dublinCoreElement } from '../exports/dublin-core.ts';
import { MARC_NS, MARC_XSD, marcRecord } from '../exports/marcxml.ts';
import { XSI, type XmlObject } from '../exports/xml.ts';
import { writeXml } from '../exports/xml-writer.ts';
import { withoutDeclaration, type OaiFormat } from './formats.ts';

const OAI_DATACITE = 'http://schema.datacite.org/oai/oai-1.1/';
const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';

/** One element from the object form the export serializers build (exports/xml.ts). */
const element = (root: XmlObject) => writeXml(root);

const marc21 = (prefix: string): OaiFormat => ({
  prefix,
  schema: MARC_XSD,
  namespace: MARC_NS,
  render: (record) => element({ record: marcRecord(record) }),
});

/**
 * The metadata formats OAI-PMH offers, each made by an export serializer
 * (exports/) from the record as the public API shows it.
 */
export const OAI_FORMATS: readonly OaiFormat[] = [
  {
    prefix: 'oai_dc',
    schema: OAI_DC_XSD,
    namespace: OAI_DC_NS,
    render: (record) => element({ 'oai_dc:dc': dublinCoreElement(record) }),
  },
  {
    prefix: 'oai_datacite',
    schema: `${OAI_DATACITE}oai.xsd`,
    namespace: OAI_DATACITE,
    needsDoi: true,
    // DataCite's OAI container around the kernel resource.
    render: (record) =>
      element({
        oai_datacite: {
          '@xmlns': OAI_DATACITE,
          '@xmlns:xsi': XSI,
          '@xsi:schemaLocation': `${OAI_DATACITE} ${OAI_DATACITE}oai.xsd`,
          schemaVersion: '4.5',
          payload: { resource: dataciteResource(record) },
        },
      }),
  },
  {
    prefix: 'datacite',
    schema: DATACITE_XSD,
    namespace: DATACITE_NS,
    needsDoi: true,
    render: (record) => element({ resource: dataciteResource(record) }),
  },
  // MARC 21 slim under both names harvesters ask for.
  marc21('oai_marc21'),
  marc21('marc21'),
  {
    // DCAT-AP in RDF/XML; RDF has no XML Schema, so the DCAT vocabulary stands as its schema.
    prefix: 'dcat',
    schema: 'http://www.w3.org/ns/dcat.rdf',
    namespace: RDF,
    render: (record) => withoutDeclaration(dcatXml(record)),
  },
];
