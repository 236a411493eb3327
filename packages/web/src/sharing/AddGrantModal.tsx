import { GRANT_PERMISSIONS, type GrantPermission, type RecordJson } from '@arca/schema';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GrantKind, useCreateGrants, useSubjectSearch } from '../api/sharing.ts';
import { PermissionSelect } from './PermissionSelect.tsx';
import { ShareError } from './ShareError.tsx';

interface Candidate {
  id: string;
  label: string;
  detail: string;
}

function useCandidates(kind: GrantKind, text: string, excluded: ReadonlySet<string>) {
  const search = useSubjectSearch(kind, text);
  const candidates: Candidate[] = (search.data ?? [])
    .map((hit) =>
      'profile' in hit
        ? {
            id: hit.id,
            label: hit.profile.full_name || hit.username || hit.id,
            detail: hit.profile.affiliations,
          }
        : { id: hit.id, label: hit.title || hit.name, detail: hit.description },
    )
    // The owner and those who already have access are not offered again (API.md §5.3).
    .filter((candidate) => !excluded.has(candidate.id));
  return { candidates, searching: search.isFetching, error: search.error };
}

/** Search people or groups, pick a permission, notify (on by default), an optional message. */
export function AddGrantModal({
  record,
  kind,
  opened,
  excluded,
  onClose,
}: {
  record: RecordJson;
  kind: GrantKind;
  opened: boolean;
  excluded: ReadonlySet<string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const [chosen, setChosen] = useState<Map<string, Candidate>>(new Map());
  const [permission, setPermission] = useState<GrantPermission>('view');
  const [notify, setNotify] = useState(true);
  const [message, setMessage] = useState('');
  const create = useCreateGrants(record);
  const { candidates, searching, error } = useCandidates(kind, debounced, excluded);
  const type = kind === 'users' ? 'user' : 'role';

  const close = () => {
    setText('');
    setChosen(new Map());
    setPermission('view');
    setNotify(true);
    setMessage('');
    create.reset();
    onClose();
  };
  const toggle = (candidate: Candidate) => {
    const next = new Map(chosen);
    if (next.has(candidate.id)) next.delete(candidate.id);
    else next.set(candidate.id, candidate);
    setChosen(next);
  };
  const shown = [...chosen.values(), ...candidates.filter((c) => !chosen.has(c.id))];

  return (
    <Modal
      // Stacked over the share dialog (ShareModal's Modal.Stack).
      stackId={`add-${kind}`}
      opened={opened}
      onClose={close}
      title={t(kind === 'users' ? 'sharing.addPeople' : 'sharing.addGroups')}
    >
      <Stack gap="sm">
        <TextInput
          label={t(kind === 'users' ? 'sharing.searchPeople' : 'sharing.searchGroups')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rightSection={
            searching ? (
              <Loader size="xs" role="status" aria-label={t('sharing.loading')} />
            ) : undefined
          }
        />
        <ShareError error={error} />
        {debounced.trim() !== '' && !searching && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sharing.noMatches')}
          </Text>
        )}
        {shown.map((candidate) => (
          <Checkbox
            key={candidate.id}
            label={candidate.label}
            description={candidate.detail || undefined}
            checked={chosen.has(candidate.id)}
            onChange={() => toggle(candidate)}
          />
        ))}
        <PermissionSelect<GrantPermission>
          label={t('sharing.permissionLabel')}
          value={permission}
          choices={GRANT_PERMISSIONS}
          onChange={setPermission}
        />
        {/* Groups as people (SPEC §2): their members are told, with the message. */}
        <Switch
          label={t('sharing.notify')}
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
        />
        {notify && (
          <Textarea
            label={t('sharing.message')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        )}
        <ShareError error={create.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('sharing.cancel')}
          </Button>
          <Button
            disabled={chosen.size === 0}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                {
                  subjects: [...chosen.keys()].map((id) => ({ type, id })),
                  permission,
                  notify,
                  ...(notify && message.trim() ? { message: message.trim() } : {}),
                },
                { onSuccess: close },
              )
            }
          >
            {t('sharing.grant')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
