import { LINK_PERMISSIONS, type LinkPermission, type RecordJson } from '@arca/schema';
import { ActionIcon, Button, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type SecretLink, useDeleteLink, useUpdateLink } from '../api/sharing.ts';
import { formatDate } from '../i18n/format.ts';
import { secretLinkUrl } from './link-url.ts';
import { PermissionSelect } from './PermissionSelect.tsx';
import { LinkLimitsEditor } from './LinkLimitsEditor.tsx';
import { LinkUsage } from './LinkUsage.tsx';
import { LinkUses } from './LinkUses.tsx';
import { ShareError } from './ShareError.tsx';
import { useMinimumPending } from './useMinimumPending.ts';

/** SPEC §2: the "Copied" tooltip stays this long. */
export const COPY_TOOLTIP_MS = 1500;

/** A secret link: description, usage and its list of uses, permission, created, expires; limits, copy, delete. */
export function LinkRow({
  record,
  link,
  id,
}: {
  record: RecordJson;
  link: SecretLink;
  id: string;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateLink(record);
  const remove = useDeleteLink(record);
  const spinner = useMinimumPending(update.isPending);
  const date = (value: string) => formatDate(value, i18n.language);
  const name = link.description || t('sharing.links.untitled');
  return (
    <Table.Tr data-testid="link-row">
      <Table.Td>
        <Text size="sm">{name}</Text>
        <LinkUsage link={link} />
        <LinkUses record={record} link={link} id={id} name={name} />
        <ShareError error={update.error ?? remove.error} />
      </Table.Td>
      <Table.Td>
        <PermissionSelect<LinkPermission>
          label={t('sharing.permissionOf', { name })}
          value={link.permission}
          choices={LINK_PERMISSIONS}
          disabledChoices={record.is_published ? [] : ['view']}
          busy={spinner.busy}
          onChange={(permission) => {
            spinner.start();
            update.mutate({ id, permission });
          }}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {date(link.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {link.expires_at ? date(link.expires_at) : t('sharing.links.never')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <LinkLimitsEditor record={record} link={link} id={id} name={name} />
          <CopyButton value={secretLinkUrl(record, link)} timeout={COPY_TOOLTIP_MS}>
            {({ copied, copy }) => (
              <Tooltip label={t('sharing.links.copied')} opened={copied} withArrow>
                <Button size="xs" variant="light" onClick={copy}>
                  {t('sharing.links.copy')}
                </Button>
              </Tooltip>
            )}
          </CopyButton>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('sharing.remove', { name })}
            loading={remove.isPending}
            onClick={() => remove.mutate(id)}
          >
            ×
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
