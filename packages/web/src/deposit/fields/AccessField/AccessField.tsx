import type { Visibility } from '@arca/schema';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { allows } from '../../abilities.ts';
import { useDeposit } from '../../deposit-context.ts';
import type { DepositFormValues } from '../../form-values.ts';
import { sectionAnchor } from '../../sections.ts';
import { describedBy, errorText, GroupError, useFieldError } from '../field-error.tsx';
import { isolateLtr } from '../ltr-fragments.tsx';
import {
  accessSummary,
  embargoAllowed,
  embargoLiftedOn,
  restrictionBlocked,
  todayIso,
} from './access-rules.ts';

/** Visibility of the record and its files, metadata-only, and the embargo (SPEC §2, §4, §5). */
const VISIBILITIES = ['public', 'restricted'] as const satisfies readonly Visibility[];

export function AccessField() {
  const { t } = useTranslation();
  const { draft, settings, community } = useDeposit();
  // SPEC §4: an embargo only in a public community (or none).
  const communityPublic = community.chosen?.access.visibility !== 'restricted';
  const { register, setValue } = useFormContext<DepositFormValues>();
  const access = useWatch<DepositFormValues, 'access'>({ name: 'access' });
  const filesEnabled = useController<DepositFormValues, 'files.enabled'>({
    name: 'files.enabled',
  }).field;
  const recordError = useFieldError('access.record');
  const ids = { record: useId(), files: useId(), recordError: useId() };
  const untilError = useFieldError('access.embargo.until');
  // The edit draft of a published record keeps that record's files, and so whether it has any.
  const filesLocked = !allows(draft, 'can_update_files');
  const hasFiles = (draft?.files.count ?? Object.keys(draft?.files.entries ?? {}).length) > 0;
  const blocked = restrictionBlocked(draft, settings.graceDays);
  const allowed = embargoAllowed(access.record, access.files, communityPublic);
  const lifted = embargoLiftedOn(access.embargo, todayIso());
  const summary = accessSummary(access.record, access.files, access.embargo.active);

  const choose = (part: 'record' | 'files', value: Visibility) => {
    setValue(`access.${part}`, value, { shouldDirty: true });
    const next = { ...access, [part]: value };
    // Public forces the embargo off (SPEC §4).
    if (!embargoAllowed(next.record, next.files, communityPublic))
      setValue('access.embargo.active', false, { shouldDirty: true });
  };

  // Each pair of buttons is a group named by the text above it, described by its error.
  const buttons = (part: 'record' | 'files') => (
    <Button.Group
      aria-labelledby={ids[part]}
      aria-describedby={part === 'record' ? describedBy(ids.recordError, recordError) : undefined}
    >
      {VISIBILITIES.map((value) => (
        <Button
          key={value}
          size="xs"
          variant={access[part] === value ? 'filled' : 'default'}
          aria-pressed={access[part] === value}
          onClick={() => choose(part, value)}
          disabled={
            value === 'restricted' && part === 'record' && blocked && access.record === 'public'
          }
        >
          {t(`deposit.access.${value}`)}
        </Button>
      ))}
    </Button.Group>
  );

  return (
    <Card withBorder id={sectionAnchor('access')} component="section">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('deposit.sections.access')}
        </Title>
        <Text size="sm" fw={500} id={ids.record}>
          {t('deposit.access.fullRecord')}
        </Text>
        {buttons('record')}
        {blocked && (
          <Text size="xs" c="dimmed">
            {t('restrictionAfterGrace', { ns: 'validation' })}
          </Text>
        )}
        <GroupError id={ids.recordError} error={recordError} />
        {!communityPublic && community.chosen && (
          // Choosing the community switched a public record to restricted: say so (SPEC §4).
          <Alert variant="light" color="blue" role="status" p="xs">
            {t('deposit.access.communityRestricted', { title: community.chosen.metadata.title })}
          </Alert>
        )}
        <Text size="sm" fw={500} id={ids.files}>
          {t('deposit.access.filesOnly')}
        </Text>
        {buttons('files')}
        <Checkbox
          label={t('deposit.access.metadataOnly')}
          checked={!filesEnabled.value}
          onChange={(event) => filesEnabled.onChange(!event.currentTarget.checked)}
          disabled={filesLocked || hasFiles}
          description={
            filesLocked
              ? t('deposit.files.locked')
              : hasFiles
                ? t('deposit.access.metadataOnlyHasFiles')
                : undefined
          }
        />
        <Checkbox
          label={t('deposit.access.embargo.apply')}
          {...register('access.embargo.active')}
          disabled={!allowed}
          description={!allowed ? t('deposit.access.embargo.onlyRestricted') : undefined}
        />
        {access.embargo.active && (
          <>
            <TextInput
              {...register('access.embargo.until')}
              label={t('deposit.access.embargo.until')}
              description={isolateLtr(t('deposit.access.embargo.untilHelp'))}
              placeholder={t('deposit.fields.datePlaceholder')}
              dir="ltr"
              withAsterisk
              error={errorText(untilError)}
            />
            <Textarea
              {...register('access.embargo.reason')}
              label={t('deposit.access.embargo.reason')}
              autosize
              minRows={2}
            />
          </>
        )}
        {lifted && <Text size="sm">{t('deposit.access.embargo.lifted', { date: lifted })}</Text>}
        <Badge
          variant="light"
          color={summary === 'public' ? 'green' : summary === 'restricted' ? 'red' : 'orange'}
          size="lg"
          data-testid="access-summary"
        >
          {t(`deposit.access.summary.${summary}`)}
        </Badge>
      </Stack>
    </Card>
  );
}
