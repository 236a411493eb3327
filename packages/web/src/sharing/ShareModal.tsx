import type { RecordJson } from '@arca/schema';
import { Modal, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/config.ts';
import { useGrants, useSecretLinks } from '../api/sharing.ts';
import { GrantsTab } from './GrantsTab.tsx';
import { LinksTab } from './LinksTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { WhoCanSeeTab } from './WhoCanSeeTab.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { useReturnFocus } from '../ui/useReturnFocus.ts';

/** The share access dialog (SPEC §2): People, Groups (when enabled), Links, Settings, and its access history. */
export function ShareModal({
  record,
  opened,
  onClose,
  canManage,
}: {
  record: RecordJson;
  opened: boolean;
  onClose: () => void;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  useReturnFocus();
  const groupsEnabled = useSiteConfig().data?.groups_enabled === true;
  const users = useGrants(record, 'users', opened);
  const groups = useGrants(record, 'groups', opened && groupsEnabled);
  const links = useSecretLinks(record, opened);
  const userGrants = users.data ?? [];
  const groupGrants = groups.data ?? [];
  const secretLinks = links.data ?? [];
  // SPEC §2: the people count includes the owner; links without an id are not counted.
  const peopleCount = userGrants.length + 1;
  const linksCount = secretLinks.filter((link) => link.id).length;

  return (
    // A stack, so that Escape in the add-people dialog closes that dialog only.
    <Modal.Stack>
      <Modal stackId="share" opened={opened} onClose={onClose} title={t('sharing.title')} size="xl">
        <Tabs defaultValue="people" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="people">{t('sharing.tabs.people', { n: peopleCount })}</Tabs.Tab>
            {groupsEnabled && (
              <Tabs.Tab value="groups">
                {t('sharing.tabs.groups', { n: groupGrants.length })}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="links">{t('sharing.tabs.links', { n: linksCount })}</Tabs.Tab>
            <Tabs.Tab value="settings">{t('sharing.tabs.settings')}</Tabs.Tab>
            <Tabs.Tab value="who">{t('sharing.tabs.who')}</Tabs.Tab>
            <Tabs.Tab value="history">{t('sharing.tabs.history')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="people">
            <GrantsTab
              record={record}
              kind="users"
              grants={userGrants}
              loading={users.isPending}
              error={users.error}
              canManage={canManage}
            />
          </Tabs.Panel>
          {groupsEnabled && (
            <Tabs.Panel value="groups">
              <GrantsTab
                record={record}
                kind="groups"
                grants={groupGrants}
                loading={groups.isPending}
                error={groups.error}
                canManage={canManage}
              />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="links">
            <LinksTab
              record={record}
              links={secretLinks}
              loading={links.isPending}
              error={links.error}
            />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab record={record} />
          </Tabs.Panel>
          <Tabs.Panel value="who">
            <WhoCanSeeTab record={record} />
          </Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryTab record={record} />
          </Tabs.Panel>
        </Tabs>
      </Modal>
    </Modal.Stack>
  );
}
