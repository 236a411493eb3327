import { Button, Checkbox, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../../ui/useReturnFocus.ts';
import { CurationPolicy } from './CurationPolicy.tsx';

interface SubmitReviewModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (comment: string) => void;
  communityTitle: string;
  /** The community includes the record at once (can_include_directly). */
  direct: boolean;
  /** The accept-after-publish checkbox is asked only before a first publication. */
  published: boolean;
  /** What the community's curators look for (sanitised HTML), read before submitting. */
  curationPolicy?: string | undefined;
}

type Box = 'acceptAccess' | 'acceptAfterPublish';

/** SPEC §5: the required checkboxes and an optional comment to the curators. */
export function SubmitReviewModal(props: SubmitReviewModalProps) {
  const { opened, onClose, onConfirm, communityTitle, direct, published, curationPolicy } = props;
  const { t } = useTranslation();
  useReturnFocus();
  const [ticked, setTicked] = useState<Record<Box, boolean>>({
    acceptAccess: false,
    acceptAfterPublish: false,
  });
  const [comment, setComment] = useState('');
  const [tried, setTried] = useState(false);
  const boxes: Box[] = published ? ['acceptAccess'] : ['acceptAccess', 'acceptAfterPublish'];

  const close = () => {
    setTried(false);
    onClose();
  };
  const confirm = () => {
    setTried(true);
    if (!boxes.every((box) => ticked[box])) return;
    setTried(false);
    setTicked({ acceptAccess: false, acceptAfterPublish: false });
    setComment('');
    onConfirm(comment);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(direct ? 'deposit.review.directTitle' : 'deposit.review.title')}
      size="lg"
    >
      <Stack>
        {curationPolicy && <CurationPolicy html={curationPolicy} />}
        {boxes.map((box) => (
          <Checkbox
            key={box}
            label={t(`deposit.review.${box}`, { title: communityTitle })}
            checked={ticked[box]}
            onChange={(event) => setTicked({ ...ticked, [box]: event.currentTarget.checked })}
            error={tried && !ticked[box] ? t('deposit.publishModal.mustAccept') : undefined}
          />
        ))}
        <Textarea
          label={t('deposit.review.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          rows={3}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('deposit.actions.cancel')}
          </Button>
          <Button onClick={confirm}>
            {t(direct ? 'deposit.review.directConfirm' : 'deposit.review.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
