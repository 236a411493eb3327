import { Paper, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';

// The sanitiser comes with it (10 KB compressed): loaded only when a community has a policy,
// not with every deposit page.
const SafeHtml = lazy(() =>
  import('../../records/SafeHtml.tsx').then((module) => ({ default: module.SafeHtml })),
);

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
      <Suspense fallback={null}>
        <SafeHtml html={html} />
      </Suspense>
    </Paper>
  );
}
