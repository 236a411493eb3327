import { useEffect, type RefObject } from 'react';
import { useFormState, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { DepositFormValues } from './form-values.ts';

/**
 * Asks before leaving with unsaved changes (InvenioRDM #672): a confirmation
 * for links inside the app, the browser's own question for a reload or a
 * closed tab. `leaving` is set while the editor itself navigates away.
 */
export function useLeaveGuard(
  form: UseFormReturn<DepositFormValues>,
  leaving: RefObject<boolean>,
  busyUploading = false,
) {
  const { t } = useTranslation();
  const { isDirty } = useFormState({ control: form.control });
  const guard = isDirty || busyUploading;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guard && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('deposit.leave.confirm'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);

  useEffect(() => {
    if (!guard) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [guard]);
}
