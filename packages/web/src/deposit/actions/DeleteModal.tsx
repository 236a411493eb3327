import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DeleteModalProps {
  opened: boolean;
  kind: 'delete' | 'discardChanges' | 'discardVersion';
  onClose: () => void;
  onConfirm: () => void;
}

export function DeleteModal({ opened, kind, onClose, onConfirm }: DeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t(`deposit.deleteModal.${kind}.title`)}>
      <Stack>
        <Text size="sm">{t(`deposit.deleteModal.${kind}.text`)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('deposit.actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t(`deposit.actions.${kind}`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
