import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DepositFormValues } from '../form-values.ts';
import { personName } from '../serializer.ts';
import { summariseCreators, truncateTitle } from '../summary.ts';

export interface ExtraCheckbox {
  id: string;
  label: string;
}

interface PublishModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** Terms a site may add; each must be ticked (SPEC §5: "You must accept this."). */
  extraCheckboxes: readonly ExtraCheckbox[];
}

/** The confirmation before publishing, naming the record as SPEC §2 summarises it. */
export function PublishModal({ opened, onClose, onConfirm, extraCheckboxes }: PublishModalProps) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const ids = extraCheckboxes.map((box) => box.id);
  if (new Set(ids).size !== ids.length) throw new Error('Duplicate publish checkbox ids');

  const confirm = () => {
    setTried(true);
    if (extraCheckboxes.every((box) => ticked[box.id])) {
      setTried(false);
      setTicked({});
      onConfirm();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('deposit.publishModal.title')} size="lg">
      <Stack>
        {opened && <RecordSummary />}
        <Text size="sm">{t('deposit.publishModal.text')}</Text>
        {extraCheckboxes.map((box) => (
          <Checkbox
            key={box.id}
            label={box.label}
            checked={ticked[box.id] ?? false}
            onChange={(event) => setTicked({ ...ticked, [box.id]: event.currentTarget.checked })}
            error={tried && !ticked[box.id] ? t('deposit.publishModal.mustAccept') : undefined}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deposit.actions.cancel')}
          </Button>
          <Button color="green" onClick={confirm}>
            {t('deposit.actions.publish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RecordSummary() {
  const { t } = useTranslation();
  const title = useWatch<DepositFormValues, 'metadata.title'>({ name: 'metadata.title' });
  const creators = useWatch<DepositFormValues, 'metadata.creators'>({ name: 'metadata.creators' });
  const names = creators.map(({ person_or_org: person }) =>
    person.type === 'personal' ? personName(person.family_name, person.given_name) : person.name,
  );
  const { shown, others } = summariseCreators(names);
  return (
    <Stack gap={2}>
      <Text fw={600}>{truncateTitle(title)}</Text>
      <Text size="sm" c="dimmed">
        {shown.join('; ')}
        {others > 0 && ` ${t('deposit.summary.andOthers', { count: others })}`}
      </Text>
    </Stack>
  );
}
