import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../api/config.ts';
import { registrationKey, useDoiRegistration } from '../../../api/doi-registration.ts';
import { useDeposit } from '../../deposit-context.ts';
import type { DepositFormValues } from '../../form-values.ts';
import { errorText, useFieldError } from '../field-error.tsx';
import { allows } from '../../abilities.ts';
import { doiChoices, doiRuleOf } from './doi-rules.ts';

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
  const reserved = draft?.pids.doi?.provider !== 'external' ? draft?.pids.doi : undefined;
  const siteRequires = settings.doiRequired;
  // The server's rule: the choices offered are those its publish check accepts.
  const rule = doiRuleOf(draft, siteRequires);
  const required = rule.required;
  const choices = doiChoices(rule);
  // A registered DOI (a published record's) stays: the server refuses to discard it.
  const canDiscard = allows(draft, 'can_discard_pids');
  // Without a registration agency, managed DOIs resolve nowhere: the depositor is told.
  const localDois = useSiteConfig().data?.deposit.doi_registration === 'local';
  const { data: registration } = useDoiRegistration(
    localDois ? undefined : draft?.id,
    reserved?.provider === 'managed' ? reserved.identifier : undefined,
  );
  const registrationText = registrationKey(registration);

  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('deposit.fields.doi.question')}
        description={
          required && !siteRequires ? t('deposit.fields.doi.requiredForVersion') : undefined
        }
        value={field.value}
        onChange={(value) => field.onChange(value)}
        // Whatever the answer, the server's DOI error shows here (the input has its own).
        error={field.value === 'external' ? undefined : errorText(error)}
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
              {canDiscard ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void actions.discard()}
                  loading={actions.busy === 'discard'}
                >
                  {t('deposit.fields.doi.discard')}
                </Button>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('deposit.fields.doi.registered')}
                </Text>
              )}
            </>
          ) : (
            <Button
              size="xs"
              onClick={() => void actions.reserve()}
              loading={actions.busy === 'reserve'}
            >
              {t('deposit.fields.doi.reserve')}
            </Button>
          )}
        </Group>
      )}
      {field.value === 'managed' && registrationText && (
        <Text size="sm" c={registrationText === 'failed' ? 'red' : 'dimmed'}>
          {t(`deposit.fields.doi.registration.${registrationText}`)}
        </Text>
      )}
      {field.value === 'managed' && localDois && (
        <Text size="sm" c="dimmed">
          {t('deposit.fields.doi.local')}
        </Text>
      )}
      {field.value === 'none' && (
        <Text size="sm" c="dimmed">
          {t('deposit.fields.doi.noneHelp')}
        </Text>
      )}
    </Stack>
  );
}
