import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inCurrentLanguage } from '../../i18n/server-messages.ts';
import { useDeposit } from '../deposit-context.ts';
import { formErrors, SUCCESS_INDICATOR_MS, type Feedback } from '../feedback.ts';
import type { DepositFormValues } from '../form-values.ts';
import { countBySection, sectionAnchor } from '../sections.ts';
import { inLanguageNow } from '../server-field-errors.ts';

/** The banner after an action: saved, saved with feedback (section links), failures, conflicts. */
export function FeedbackBanner() {
  const { actions } = useDeposit();
  const { feedback, setFeedback } = actions;

  useEffect(() => {
    if (feedback?.kind !== 'success') return;
    const timer = setTimeout(() => setFeedback(undefined), SUCCESS_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [feedback, setFeedback]);

  if (!feedback) return null;
  return <FeedbackAlert feedback={feedback} />;
}

function FeedbackAlert({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation();
  const { actions } = useDeposit();
  switch (feedback.kind) {
    case 'success':
      return (
        <Alert color="green" variant="light" role="status">
          {t('deposit.feedback.saved')}
        </Alert>
      );
    case 'conflict':
      return (
        <Alert color="red" variant="light" role="alert" title={t('deposit.feedback.conflictTitle')}>
          <Text size="sm">{t('deposit.feedback.conflict')}</Text>
          <Button
            mt="sm"
            size="xs"
            onClick={() => void actions.reloadLatest()}
            loading={actions.busy === 'reload'}
          >
            {t('deposit.feedback.reloadLatest')}
          </Button>
        </Alert>
      );
    case 'failure':
      return (
        <Alert color="red" variant="light" role="alert">
          {feedback.message
            ? inCurrentLanguage(feedback.message, feedback.language)
            : t(`deposit.feedback.failed.${feedback.action}`)}
        </Alert>
      );
    case 'validation':
      return <ValidationAlert feedback={feedback} />;
  }
}

/**
 * Validation feedback counted from the form as it is now: an error that is
 * fixed (a file uploaded, a name typed) leaves the count, and the banner
 * goes when none is left.
 */
function ValidationAlert({ feedback }: { feedback: Extract<Feedback, { kind: 'validation' }> }) {
  const { t } = useTranslation();
  const { errors } = useFormState<DepositFormValues>();
  const placed = formErrors(errors);
  const sections = countBySection(placed.map((item) => item.field));
  // The server's texts, worded in the language of the request, in the one shown now.
  const { unplaced, language } = feedback;
  const message = feedback.message && inCurrentLanguage(feedback.message, language);
  if (sections.length === 0 && unplaced.length === 0 && !message) return null;
  const severities = [
    ...placed.map((item) => item.severity),
    ...unplaced.map((item) => item.severity ?? 'error'),
  ];
  return (
    <Alert
      color={severities.includes('error') || message ? 'orange' : 'blue'}
      variant="light"
      role="alert"
    >
      <Group gap={6} wrap="wrap">
        <Text size="sm">{message ?? t(`deposit.feedback.validation.${feedback.action}`)}</Text>
        {sections.map(({ section, count }) => (
          <Anchor key={section} size="sm" href={`#${sectionAnchor(section)}`}>
            {t('deposit.feedback.sectionLink', {
              section: t(`deposit.sections.${section}`),
              count,
            })}
          </Anchor>
        ))}
      </Group>
      {unplaced.map((item) => (
        <Text key={item.field} size="sm" mt={4}>
          {inLanguageNow(item.messages, language)}
        </Text>
      ))}
    </Alert>
  );
}
