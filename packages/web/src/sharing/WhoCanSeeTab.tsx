import type { RecordJson } from '@arca/schema';
import { Divider, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAccessExplanation } from '../api/access-explanation.ts';
import { AbilityList } from './AbilityList.tsx';
import { CheckPerson } from './CheckPerson.tsx';
import { subjectText } from './explanation-text.ts';
import { ShareError } from './ShareError.tsx';

/** "Who can see this": every subject the server's policy gives access, with its rules. */
export function WhoCanSeeTab({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const explanation = useAccessExplanation(record.id);
  const rows = explanation.data?.hits.hits ?? [];
  return (
    <Stack gap="md" pt="md">
      <Text size="sm" c="dimmed">
        {t('sharing.explain.intro')}
      </Text>
      {explanation.isPending && <Loader size="sm" aria-label={t('sharing.loading')} />}
      <ShareError error={explanation.error} />
      <Stack gap="xs" data-testid="who-can-see">
        {rows.map((row) => (
          <Paper
            key={`${row.subject.type}:${'id' in row.subject ? row.subject.id : ''}:${
              row.subject.type === 'community' ? row.subject.roles.join() : ''
            }`}
            withBorder
            p="sm"
            data-subject={row.subject.type}
          >
            <Text fw={600} size="sm">
              {subjectText(t, row.subject)}
            </Text>
            <AbilityList
              abilities={row.abilities}
              communities={explanation.data?.communities ?? {}}
            />
          </Paper>
        ))}
      </Stack>
      <Divider />
      <CheckPerson recordId={record.id} />
    </Stack>
  );
}
