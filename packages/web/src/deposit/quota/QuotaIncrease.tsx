import { Anchor, Button, Loader, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyQuota } from '../../api/quota.ts';
import { useOpenQuotaRequests, type QuotaScope } from '../../api/quota-increase.ts';

// The form (and Mantine's number field, 9 KB compressed) loads when it is opened, not with
// every deposit page.
const QuotaIncreaseForm = lazy(() =>
  import('./QuotaIncreaseForm.tsx').then((module) => ({ default: module.QuotaIncreaseForm })),
);

/**
 * "Ask for more space" beside the quota display of the deposit editor, for
 * the owner (the draft links `quota_increase` only for them); the requests
 * already waiting, with a link to each.
 */
export function QuotaIncrease({ link, recordLimit }: { link: string; recordLimit: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const waiting = useOpenQuotaRequests(link);
  const mine = useMyQuota();
  if (!waiting.data || !mine.data) return null;
  const pending = (['record', 'user'] as const).filter((scope) => waiting.data[scope] !== null);
  const limits: Record<QuotaScope, number> = { record: recordLimit, user: mine.data.max_bytes };

  return (
    <Stack gap={4} data-testid="quota-increase">
      {pending.map((scope) => (
        <Text size="sm" key={scope}>
          {t(
            scope === 'record'
              ? 'deposit.quotaIncrease.pendingRecord'
              : 'deposit.quotaIncrease.pendingUser',
          )}{' '}
          <Anchor
            component={Link}
            to={`/me/requests/${waiting.data[scope]!.id}`}
            underline="always"
          >
            {t('deposit.quotaIncrease.seeRequest')}
          </Anchor>
        </Text>
      ))}
      {pending.length < 2 && (
        <div>
          <Button size="xs" variant="default" onClick={open}>
            {t('deposit.quotaIncrease.ask')}
          </Button>
        </div>
      )}
      <Modal opened={opened} onClose={close} title={t('deposit.quotaIncrease.ask')}>
        <Suspense fallback={<Loader size="sm" aria-label={t('sharing.loading')} />}>
          <QuotaIncreaseForm link={link} limits={limits} open={waiting.data} onDone={close} />
        </Suspense>
      </Modal>
    </Stack>
  );
}
