import type { RecordJson } from '@arca/schema';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecordMonths } from '../../api/stats.ts';
import { formatBytes, formatNumber } from '../../i18n/format.ts';
import { permissionsOf } from '../RecordActions.tsx';
import { Section } from '../Section.tsx';
import { MonthsChart } from './MonthsChart.tsx';

/**
 * Views and downloads of this version and of all versions (unique ones, as
 * InvenioRDM shows them), a chart of the last 12 months, and for who manages
 * the record a CSV of them.
 */
export function RecordStats({ record, token }: { record: RecordJson; token: string | undefined }) {
  const { t, i18n } = useTranslation();
  const months = useRecordMonths(record, token);
  if (!record.is_published || !record.stats) return null;
  const { this_version: own, all_versions: all } = record.stats;
  const number = (value: number) => formatNumber(value, i18n.language);
  const rows = [
    [t('records.stats.views'), number(own.unique_views), number(all.unique_views)],
    [t('records.stats.downloads'), number(own.unique_downloads), number(all.unique_downloads)],
    [
      t('records.stats.dataVolume'),
      formatBytes(own.data_volume, i18n.language),
      formatBytes(all.data_volume, i18n.language),
    ],
  ];
  return (
    <Section title={t('records.stats.title')}>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th ta="end">{t('records.stats.thisVersion')}</Table.Th>
            <Table.Th ta="end">{t('records.stats.allVersions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, mine, every]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="end">{mine}</Table.Td>
              <Table.Td ta="end">{every}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {months.data && <MonthsChart months={months.data.months} />}
      <Text size="xs" c="dimmed">
        {t('records.stats.counter')}
      </Text>
      {permissionsOf(record).can_manage && (
        <Anchor size="sm" href={`/api/records/${record.id}/stats/export`} download>
          {t('records.stats.export')}
        </Anchor>
      )}
    </Section>
  );
}
