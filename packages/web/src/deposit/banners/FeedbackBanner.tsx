import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeposit } from '../deposit-context.ts';
import { SUCCESS_INDICATOR_MS, type Feedback } from '../feedback.ts';
import { sectionAnchor } from '../sections.ts';

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
          {feedback.message ?? t(`deposit.feedback.failed.${feedback.action}`)}
        </Alert>
      );
    case 'validation': {
      const intro: ReactNode =
        feedback.message ?? t(`deposit.feedback.validation.${feedback.action}`);
      return (
        <Alert
          color={feedback.severity === 'error' ? 'orange' : 'blue'}
          variant="light"
          role="alert"
        >
          <Group gap={6} wrap="wrap">
            <Text size="sm">{intro}</Text>
            {feedback.sections.map(({ section, count }) => (
              <Anchor key={section} size="sm" href={`#${sectionAnchor(section)}`}>
                {t('deposit.feedback.sectionLink', {
                  section: t(`deposit.sections.${section}`),
                  count,
                })}
              </Anchor>
            ))}
          </Group>
        </Alert>
      );
    }
  }
}
