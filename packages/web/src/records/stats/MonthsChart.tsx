import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthCounts } from '../../api/stats.ts';
import { formatNumber } from '../../i18n/format.ts';

const WIDTH = 240;
const VIEWS = 'var(--mantine-color-blue-6)';
const DOWNLOADS = 'var(--mantine-color-teal-6)';

function Swatch({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Box w={10} h={10} bg={color} aria-hidden />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
const HEIGHT = 60;

/** Unique views and downloads of all versions per month, as paired bars; each bar says its numbers. */
export function MonthsChart({ months }: { months: MonthCounts[] }) {
  const { t, i18n } = useTranslation();
  const highest = Math.max(
    1,
    ...months.map((m) => Math.max(m.all_versions.unique_views, m.all_versions.unique_downloads)),
  );
  const slot = WIDTH / Math.max(months.length, 1);
  const bar = Math.max(slot / 2 - 1, 1);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${month}-01T00:00:00Z`));
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" id="record-stats-chart">
        {t('records.stats.chart')}
      </Text>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="list"
        aria-labelledby="record-stats-chart"
        data-testid="stats-chart"
      >
        {months.map((m, i) => {
          const views = m.all_versions.unique_views;
          const downloads = m.all_versions.unique_downloads;
          const label = t('records.stats.month', {
            month: monthName(m.month),
            views: formatNumber(views, i18n.language),
            downloads: formatNumber(downloads, i18n.language),
          });
          const h = (value: number) => (value / highest) * (HEIGHT - 2);
          return (
            <g key={m.month} role="listitem" aria-label={label}>
              <title>{label}</title>
              <rect x={i * slot} y={HEIGHT - h(views)} width={bar} height={h(views)} fill={VIEWS} />
              <rect
                x={i * slot + bar + 1}
                y={HEIGHT - h(downloads)}
                width={bar}
                height={h(downloads)}
                fill={DOWNLOADS}
              />
            </g>
          );
        })}
      </svg>
      <Group gap="md">
        <Swatch color={VIEWS} label={t('records.stats.views')} />
        <Swatch color={DOWNLOADS} label={t('records.stats.downloads')} />
      </Group>
    </Stack>
  );
}
