import { Paper, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../records/SafeHtml.tsx';

/** A community's curation policy, shown to whoever submits a record to it. */
export function CurationPolicy({ html }: { html: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      p="sm"
      mah={240}
      style={{ overflowY: 'auto', overflowWrap: 'anywhere' }}
      data-testid="curation-policy"
    >
      <Text id={id} fw={600} size="sm" mb={4}>
        {t('communities.about.curationPolicy')}
      </Text>
      <SafeHtml html={html} />
    </Paper>
  );
}
