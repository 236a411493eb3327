import { Box, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChangedFile } from '../../api/version-diff.ts';

const lineStyle = {
  display: 'block',
  textDecoration: 'none',
  // Long lines wrap: a phone never scrolls sideways.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  paddingInline: 4,
} as const;

/**
 * The changed lines of one text file: additions and removals coloured, and
 * marked "+" and "-" as well, so that colour is never the only sign.
 */
export function LineDiff({ file }: { file: ChangedFile }) {
  const { t } = useTranslation();
  return (
    <Stack
      gap={4}
      component="section"
      aria-label={t('records.compare.linesTitle', { key: file.key })}
    >
      <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
        {t('records.compare.linesTitle', { key: file.key })}
      </Title>
      {file.skipped && <Text size="sm">{t(`records.compare.skipped.${file.skipped}`)}</Text>}
      {file.lines?.hunks.map((hunk, index) => (
        <Box
          key={index}
          component="pre"
          ff="monospace"
          fz="xs"
          m={0}
          p={4}
          style={{ border: '1px solid var(--mantine-color-default-border)', whiteSpace: 'normal' }}
        >
          <Box component="span" c="dimmed" style={lineStyle}>
            {`@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@`}
          </Box>
          {hunk.lines.map((line, lineIndex) => {
            const mark = line[0];
            const text = line.slice(1);
            if (mark === '+')
              return (
                <Box
                  key={lineIndex}
                  component="ins"
                  style={{ ...lineStyle, background: 'var(--mantine-color-green-light)' }}
                >
                  {`+ ${text}`}
                </Box>
              );
            if (mark === '-')
              return (
                <Box
                  key={lineIndex}
                  component="del"
                  style={{ ...lineStyle, background: 'var(--mantine-color-red-light)' }}
                >
                  {`- ${text}`}
                </Box>
              );
            return (
              <Box key={lineIndex} component="span" style={lineStyle}>
                {`  ${text}`}
              </Box>
            );
          })}
        </Box>
      ))}
      {file.lines?.truncated && <Text size="sm">{t('records.compare.truncated')}</Text>}
    </Stack>
  );
}
