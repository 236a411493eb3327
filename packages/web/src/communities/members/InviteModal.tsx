import type { UserItem } from '@arca/schema';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMUNITY_ROLES,
  useMemberActions,
  useUserSuggestions,
  type CommunityRoleName,
} from '../../api/community-admin.ts';
import type { CommunityJson } from '../../api/communities.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { displayName } from '../../ui/UserMenu.tsx';

interface InviteModalProps {
  community: CommunityJson;
  opened: boolean;
  /** Members and people already invited, left out of the suggestions. */
  excluded: ReadonlySet<string>;
  onClose: () => void;
}

/** Invite people found by name or e-mail, with a role and a message. */
export function InviteModal({ community, opened, excluded, onClose }: InviteModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const [chosen, setChosen] = useState<Map<string, UserItem>>(new Map());
  const [role, setRole] = useState<CommunityRoleName>('reader');
  const [message, setMessage] = useState('');
  const { invite } = useMemberActions(community);
  const suggestions = useUserSuggestions(debounced);
  // Only owners make owners (the server says so too).
  const roles = COMMUNITY_ROLES.filter((r) => r !== 'owner' || community.ui?.role === 'owner');
  const found = (suggestions.data ?? []).filter((u) => !excluded.has(u.id) && !chosen.has(u.id));
  const shown = [...chosen.values(), ...found];

  const close = () => {
    setText('');
    setChosen(new Map());
    setRole('reader');
    setMessage('');
    invite.reset();
    onClose();
  };
  const toggle = (user: UserItem) => {
    const next = new Map(chosen);
    if (next.has(user.id)) next.delete(user.id);
    else next.set(user.id, user);
    setChosen(next);
  };
  const send = () =>
    invite.mutate({ ids: [...chosen.keys()], role, message }, { onSuccess: close });

  return (
    <Modal opened={opened} onClose={close} title={t('communities.members.invite')}>
      <Stack gap="sm">
        <TextInput
          label={t('communities.members.searchPeople')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rightSection={
            suggestions.isFetching ? (
              <Loader size="xs" role="status" aria-label={t('common.loading')} />
            ) : undefined
          }
        />
        {suggestions.error && <ErrorAlert error={suggestions.error} />}
        {debounced.trim() !== '' && suggestions.isSuccess && shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sharing.noMatches')}
          </Text>
        )}
        {shown.map((user) => (
          <Checkbox
            key={user.id}
            label={displayName(user)}
            description={user.profile.affiliations || undefined}
            checked={chosen.has(user.id)}
            onChange={() => toggle(user)}
          />
        ))}
        <Select
          label={t('communities.members.role')}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value)}
          data={roles.map((r) => ({ value: r, label: t(`dashboard.communities.roles.${r}`) }))}
        />
        <Textarea
          label={t('communities.members.message')}
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {invite.error && <ErrorAlert error={invite.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('sharing.cancel')}
          </Button>
          <Button onClick={send} disabled={chosen.size === 0} loading={invite.isPending}>
            {t('communities.members.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
