import type { RecordJson } from '@arca/schema';
import { Button, Popover, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SecretLink, useUpdateLink } from '../api/sharing.ts';
import { LinkLimits, limitsChanges, limitsOf } from './LinkLimits.tsx';
import { ShareError } from './ShareError.tsx';

/** Changes an existing link's limits: after its usage showed, a manager may cap it. */
export function LinkLimitsEditor({
  record,
  link,
  id,
  name,
}: {
  record: RecordJson;
  link: SecretLink;
  id: string;
  name: string;
}) {
  const { t } = useTranslation();
  const update = useUpdateLink(record);
  const [opened, setOpened] = useState(false);
  const [limits, setLimits] = useState(() => limitsOf(link));
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      withArrow
      position="bottom-end"
      width={300}
    >
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          aria-label={t('sharing.links.limitsOf', { name })}
          onClick={() => {
            setLimits(limitsOf(link));
            update.reset();
            setOpened((open) => !open);
          }}
        >
          {t('sharing.links.limits')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-label={t('sharing.links.limitsOf', { name })}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ id, ...limitsChanges(limits) }, { onSuccess: () => setOpened(false) });
          }}
        >
          <Stack gap="sm">
            <LinkLimits value={limits} onChange={setLimits} />
            <ShareError error={update.error} />
            <Button type="submit" size="xs" loading={update.isPending}>
              {t('sharing.links.saveLimits')}
            </Button>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
