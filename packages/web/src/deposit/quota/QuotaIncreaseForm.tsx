import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Radio, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import {
  useAskQuotaIncrease,
  type OpenQuotaRequests,
  type QuotaScope,
} from '../../api/quota-increase.ts';
import { formatBytes } from '../../i18n/format.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

const GB = 1e9;
/** The body's fields, as the server names them in its errors. */
const FIELDS = ['scope', 'size', 'reason'] as const;

/** The server's message for one field of a refused request, if it named that field. */
const fieldMessage = (error: unknown, field: string) =>
  error instanceof ApiError
    ? error.errors.find((item) => item.field === field)?.messages.join(' ')
    : undefined;

/**
 * What a depositor asks: more space for this upload or for all their
 * uploads, the new limit in gigabytes, and why. The server checks it all.
 */
export function QuotaIncreaseForm(props: {
  link: string;
  limits: Record<QuotaScope, number>;
  open: OpenQuotaRequests;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const ask = useAskQuotaIncrease(props.link);
  const free = (scope: QuotaScope) => props.open[scope] === null;
  const [scope, setScope] = useState<QuotaScope>(free('record') ? 'record' : 'user');
  // Twice the current limit, as a start the depositor changes.
  const [gigabytes, setGigabytes] = useState<number | string>(
    Math.ceil((props.limits[scope] * 2) / GB),
  );
  const [reason, setReason] = useState('');
  const size = (bytes: number) => formatBytes(bytes, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bytes = Math.round(Number(gigabytes) * GB);
    ask.mutate({ scope, size: bytes, reason }, { onSuccess: props.onDone });
  };
  // Field errors go under their fields; anything else above the buttons.
  const errors = {
    scope: fieldMessage(ask.error, FIELDS[0]),
    size: fieldMessage(ask.error, FIELDS[1]),
    reason: fieldMessage(ask.error, FIELDS[2]),
  };
  const general = ask.error && !Object.values(errors).some(Boolean) ? ask.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Radio.Group
          label={t('deposit.quotaIncrease.scope')}
          value={scope}
          onChange={(value) => setScope(value === 'user' ? 'user' : 'record')}
          error={errors.scope}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="record"
              disabled={!free('record')}
              label={t('deposit.quotaIncrease.scopeRecord', { limit: size(props.limits.record) })}
            />
            <Radio
              value="user"
              disabled={!free('user')}
              label={t('deposit.quotaIncrease.scopeUser', { limit: size(props.limits.user) })}
            />
          </Stack>
        </Radio.Group>
        <NumberInput
          label={t('deposit.quotaIncrease.size')}
          min={0}
          decimalScale={3}
          required
          value={gigabytes}
          onChange={setGigabytes}
          error={errors.size}
        />
        <Textarea
          label={t('deposit.quotaIncrease.reason')}
          required
          rows={4}
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
        {general && <ErrorAlert error={general} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            {t('records.deletion.cancel')}
          </Button>
          <Button type="submit" loading={ask.isPending}>
            {t('deposit.quotaIncrease.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
