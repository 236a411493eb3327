import { create } from 'xmlbuilder2';
import { DATACITE_NS, DATACITE_XSD, dataciteResource } from '../exports/datacite-xml.ts';
import { XSI, type XmlObject } from '../exports/xml.ts';
import type { OaiFormat } from './formats.ts';

const OAI_DATACITE = 'http://schema.datacite.org/oai/oai-1.1/';

/** One element from the object form the export serializers build (exports/xml.ts). */
const element = (root: XmlObject) => create(root).end({ headless: true });

/**
 * The metadata formats OAI-PMH offers, each made by an export serializer
 * (exports/) from the record as the public API shows it.
 */
export const OAI_FORMATS: readonly OaiFormat[] = [
  {
    prefix: 'oai_datacite',
    schema: `${OAI_DATACITE}oai.xsd`,
    namespace: OAI_DATACITE,
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
    render: (record) => element({ resource: dataciteResource(record) }),
  },
];
