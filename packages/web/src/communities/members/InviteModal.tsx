import type { UserItem } from '@arca/schema';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  TagsInput,
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
import { useEmailInvitationActions } from '../../api/community-membership.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { displayName } from '../../ui/UserMenu.tsx';

interface InviteModalProps {
  community: CommunityJson;
  opened: boolean;
  /** Members and people already invited, left out of the suggestions. */
  excluded: ReadonlySet<string>;
  onClose: () => void;
}

/**
 * Invite people found by name or e-mail, or by an address of someone without
 * an account (a mailed link), with a role and a message.
 */
export function InviteModal({ community, opened, excluded, onClose }: InviteModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 300);
  const [chosen, setChosen] = useState<Map<string, UserItem>>(new Map());
  const [role, setRole] = useState<CommunityRoleName>('reader');
  const [message, setMessage] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const { invite } = useMemberActions(community);
  const mailed = useEmailInvitationActions(community).invite;
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
    setEmails([]);
    invite.reset();
    mailed.reset();
    onClose();
  };
  const toggle = (user: UserItem) => {
    const next = new Map(chosen);
    if (next.has(user.id)) next.delete(user.id);
    else next.set(user.id, user);
    setChosen(next);
  };
  const send = async () => {
    try {
      if (chosen.size > 0) await invite.mutateAsync({ ids: [...chosen.keys()], role, message });
      if (emails.length > 0) await mailed.mutateAsync({ emails, role, message });
      close();
    } catch {
      // The mutation's error shows in the dialog.
    }
  };
  const error = invite.error ?? mailed.error;

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
        <TagsInput
          label={t('communities.members.emails')}
          description={t('communities.members.emailsHelp')}
          value={emails}
          onChange={setEmails}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
        />
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
        {error && <ErrorAlert error={error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('sharing.cancel')}
          </Button>
          <Button
            onClick={() => void send()}
            disabled={chosen.size === 0 && emails.length === 0}
            loading={invite.isPending || mailed.isPending}
          >
            {t('communities.members.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
