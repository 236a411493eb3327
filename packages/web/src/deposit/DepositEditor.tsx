import type { RecordJson } from '@arca/schema';
import { Grid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ActionDialogs, OpenDialogProvider, type ActionDialog } from './actions/ActionDialogs.tsx';
import { ActionBar, ActionsCard } from './actions/ActionsCard.tsx';
import { FeedbackBanner } from './banners/FeedbackBanner.tsx';
import { RecoveryBanner } from './banners/RecoveryBanner.tsx';
import { StatusBanner } from './banners/StatusBanner.tsx';
import { CommunityHeader } from './community/CommunityHeader.tsx';
import { ThemedUploadHeader } from './community/ThemedUploadHeader.tsx';
import { useCommunityChoice } from './community/useCommunityChoice.ts';
import { DepositContext, type DepositContextValue } from './deposit-context.ts';
import { DepositSections } from './DepositSections.tsx';
import { AccessField } from './fields/AccessField/AccessField.tsx';
import { doiRuleOf } from './fields/DoiField/doi-rules.ts';
import { emptyFormValues } from './form-values.ts';
import { fromRecord } from './serializer.ts';
import { useDepositActions, type DepositSettings } from './useDepositActions.ts';
import { LeaveGuard } from './useLeaveGuard.ts';
import { useRecovery } from './useRecovery.ts';

export interface EditorSettings extends DepositSettings {
  graceDays: number;
}

interface DepositEditorProps {
  initialDraft: RecordJson | undefined;
  settings: EditorSettings;
  onCreated: (draft: RecordJson) => void;
}

export function DepositEditor({ initialDraft, settings, onCreated }: DepositEditorProps) {
  const { i18n } = useTranslation();
  const defaultValues = useMemo(() => {
    if (initialDraft) {
      return fromRecord(initialDraft, {
        languages: [i18n.language],
        doiRequired: doiRuleOf(initialDraft, settings.doiRequired).required,
      });
    }
    const values = emptyFormValues();
    values.pids.choice = settings.doiRequired ? 'managed' : 'none';
    return values;
    // The form owns its values after the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const form = useForm({ defaultValues, shouldFocusError: false });

  const { slug } = useParams();
  const community = useCommunityChoice(form, initialDraft, slug);
  const actions = useDepositActions(form, initialDraft, settings, onCreated, community);
  const recovery = useRecovery(form, actions.draft?.id, community);
  const [uploading, setUploading] = useState(false);
  // Held here, not by the buttons that open them (see ActionDialogs).
  const [dialog, setDialog] = useState<ActionDialog>();
  // Below Mantine's `md` the side column goes under the form: the main actions
  // move to a bar that stays at the bottom of the screen.
  const phone = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });

  const context = useMemo<DepositContextValue>(
    () => ({ draft: actions.draft, settings, actions, community, uploading }),
    [actions, settings, community, uploading],
  );

  return (
    <DepositContext value={context}>
      <OpenDialogProvider value={setDialog}>
        <FormProvider {...form}>
          <form onSubmit={(event) => event.preventDefault()} noValidate>
            <ThemedUploadHeader community={community.chosen} />
            <Grid mt={community.chosen?.theme?.enabled ? 'md' : undefined}>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Stack>
                  <LeaveGuard leaving={actions.leaving} busyUploading={uploading} />
                  <RecoveryBanner recovery={recovery} />
                  <FeedbackBanner />
                  <DepositSections onUploadingChange={setUploading} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack pos="sticky" top={16}>
                  <StatusBanner />
                  <ActionsCard withPrimary={!phone} />
                  <CommunityHeader />
                  <AccessField />
                </Stack>
              </Grid.Col>
            </Grid>
            {phone && <ActionBar />}
            <ActionDialogs dialog={dialog} onClose={() => setDialog(undefined)} />
          </form>
        </FormProvider>
      </OpenDialogProvider>
    </DepositContext>
  );
}
