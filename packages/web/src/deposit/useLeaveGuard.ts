import { useEffect, type RefObject } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { DepositFormValues } from './form-values.ts';

/**
 * Asks before leaving with unsaved changes (InvenioRDM #672) or while files
 * upload (SPEC §4): a confirmation for links inside the app, the browser's
 * own question for a reload or a closed tab. `leaving` is set while the
 * editor itself navigates away.
 */
export function LeaveGuard({
  leaving,
  busyUploading = false,
}: {
  leaving: RefObject<boolean>;
  busyUploading?: boolean;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<DepositFormValues>();
  const { isDirty } = useFormState({ control });
  const guard = isDirty || busyUploading;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const question = busyUploading ? t('deposit.leave.uploading') : t('deposit.leave.confirm');
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, busyUploading, t]);

  useEffect(() => {
    if (!guard) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard]);
  return null;
}
