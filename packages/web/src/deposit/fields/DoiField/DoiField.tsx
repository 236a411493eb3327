import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDeposit } from '../../deposit-context.ts';
import type { DepositFormValues, DoiChoice } from '../../form-values.ts';
import { describedBy, errorText, GroupError, useFieldError } from '../field-error.tsx';

/**
 * The DOI: an existing one typed in (external), a managed one reserved here,
 * or, where the site does not require one, no DOI at all (SPEC §2, §5).
 */
// A DOI's form reads the same in every language.
const EXAMPLE_DOI = '10.1234/abc-123';

export function DoiField() {
  const { t } = useTranslation();
  const { draft, settings, actions } = useDeposit();
  const { register } = useFormContext<DepositFormValues>();
  const { field } = useController<DepositFormValues, 'pids.choice'>({ name: 'pids.choice' });
  const error = useFieldError('pids.doi');
  const errorId = useId();
  const reserved = draft?.pids.doi?.provider !== 'external' ? draft?.pids.doi : undefined;
  const choices: DoiChoice[] = settings.doiRequired
    ? ['external', 'managed']
    : ['external', 'managed', 'none'];

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('deposit.fields.doi.question')}
        value={field.value}
        onChange={(value) => field.onChange(value)}
      >
        <Group mt={4}>
          {choices.map((choice) => (
            <Radio
              key={choice}
              value={choice}
              label={t(`deposit.fields.doi.${choice}`)}
              disabled={choice !== 'managed' && Boolean(reserved)}
            />
          ))}
        </Group>
      </Radio.Group>
      {field.value === 'external' && (
        <TextInput
          {...register('pids.external')}
          label={t('deposit.fields.doi.label')}
          placeholder={EXAMPLE_DOI}
          error={errorText(error)}
        />
      )}
      {field.value === 'managed' && (
        <Group gap="sm">
          {reserved ? (
            <>
              <Text size="sm" ff="monospace">
                {reserved.identifier}
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void actions.discard()}
                loading={actions.busy === 'discard'}
              >
                {t('deposit.fields.doi.discard')}
              </Button>
            </>
          ) : (
            <Button
              size="xs"
              onClick={() => void actions.reserve()}
              loading={actions.busy === 'reserve'}
              aria-describedby={describedBy(errorId, error)}
            >
              {t('deposit.fields.doi.reserve')}
            </Button>
          )}
          {!reserved && <GroupError id={errorId} error={error} />}
        </Group>
      )}
      {field.value === 'none' && (
        <Text size="sm" c="dimmed">
          {t('deposit.fields.doi.noneHelp')}
        </Text>
      )}
    </Stack>
  );
}
