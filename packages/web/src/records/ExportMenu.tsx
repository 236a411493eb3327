import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The export formats (InvenioRDM's names), as `/records/{id}/export/{format}` downloads. */
export const EXPORT_FORMATS = [
  { format: 'json', label: 'JSON' },
  { format: 'csl', label: 'CSL JSON' },
  { format: 'datacite-json', label: 'DataCite JSON' },
  // The DataCite kernel requires a DOI: the server has no such export of a record without one.
  { format: 'datacite-xml', label: 'DataCite XML', needsDoi: true },
  { format: 'dublincore', label: 'Dublin Core' },
  { format: 'marcxml', label: 'MARCXML' },
  { format: 'bibtex', label: 'BibTeX' },
  { format: 'dcat-ap', label: 'DCAT-AP' },
  { format: 'geojson', label: 'GeoJSON' },
  { format: 'linkset', label: 'Linkset' },
  { format: 'json-ld', label: 'JSON-LD' },
] as const;

export function exportHref(id: string, format: string, token: string | undefined): string {
  const path = `/records/${encodeURIComponent(id)}/export/${format}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** The record's metadata in every export format, for reference managers and harvesters. */
export function ExportMenu({
  id,
  token,
  hasDoi,
}: {
  id: string;
  token: string | undefined;
  hasDoi: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default">
          {t('records.citation.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {EXPORT_FORMATS.filter((entry) => hasDoi || !('needsDoi' in entry)).map(
          ({ format, label }) => (
            <Menu.Item key={format} component="a" href={exportHref(id, format, token)} download>
              {label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
