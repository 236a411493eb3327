import { Anchor, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActorExplanation } from '../api/access-explanation.ts';
import { useSubjectSearch } from '../api/sharing.ts';
import { AbilityList } from './AbilityList.tsx';
import { actorOptions } from './explanation-text.ts';
import { ShareError } from './ShareError.tsx';

/** The address of the record page as `user` (an id, or "public") would see it. */
export const viewAsPath = (id: string, user: string) =>
  `/records/${encodeURIComponent(id)}/view-as?user=${encodeURIComponent(user)}`;

/** "Check a person": any user found by the share dialog's search, or the public. */
export function CheckPerson({ recordId }: { recordId: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = useSubjectSearch('users', debounced);
  const answer = useActorExplanation(recordId, chosen);
  const people = (search.data ?? []).flatMap((hit) =>
    'profile' in hit ? [{ id: hit.id, name: hit.profile.full_name || hit.username || hit.id }] : [],
  );
  const data = answer.data;
  const about = data ? actorOptions(t, data.actor) : { name: '' };

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('sharing.explain.check')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('sharing.explain.checkHelp')}
      </Text>
      <TextInput
        label={t('sharing.searchPeople')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={
          search.isFetching ? (
            <Loader size="xs" role="status" aria-label={t('sharing.loading')} />
          ) : undefined
        }
      />
      <ShareError error={search.error} />
      <Group gap="xs">
        {people.map((person) => (
          <Button
            key={person.id}
            size="xs"
            variant={chosen === person.id ? 'filled' : 'default'}
            onClick={() => setChosen(person.id)}
          >
            {person.name}
          </Button>
        ))}
        <Button
          size="xs"
          variant={chosen === 'public' ? 'filled' : 'default'}
          onClick={() => setChosen('public')}
        >
          {t('sharing.explain.public')}
        </Button>
      </Group>
      {debounced.trim() !== '' && !search.isFetching && people.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('sharing.noMatches')}
        </Text>
      )}
      {chosen && answer.isPending && <Loader size="sm" aria-label={t('sharing.loading')} />}
      <ShareError error={answer.error} />
      {data && chosen && (
        <Paper withBorder p="sm" data-testid="check-result">
          <Stack gap="xs">
            <Text fw={600}>{t('sharing.explain.whatMay', about)}</Text>
            {!data.abilities.view.allowed && (
              <Text size="sm">{t('sharing.explain.nothing', about)}</Text>
            )}
            <AbilityList abilities={data.abilities} communities={data.communities} />
            <Anchor component={Link} to={viewAsPath(recordId, chosen)} size="sm">
              {t('sharing.explain.viewAs', about)}
            </Anchor>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
