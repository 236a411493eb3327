import 'virtual:english/settings';
import { profileUpdate, type ProfileUpdate, type UserItem } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Stack, Switch, TextInput, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCurrentUser } from '../api/auth.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';
import { AffiliationInput } from './AffiliationInput.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { notify } from '../ui/notify.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

type ProfileFormValues = z.input<typeof profileUpdate>;

/** The form shows the account as the API returned it; an empty optional field means "none". */
function toFormValues(user: UserItem): ProfileFormValues {
  return {
    username: user.username,
    profile: {
      full_name: user.profile.full_name,
      affiliations: user.profile.affiliations,
    },
    identities: { orcid: user.identities.orcid ?? null },
    preferences: {
      visibility: user.preferences?.visibility ?? 'restricted',
      email_visibility: user.preferences?.email_visibility ?? 'restricted',
    },
  };
}

const emptyToNull = (value: string | null) => (value?.trim() ? value : null);

export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('settings.profile.title'));
  const { data: user } = useCurrentUser();
  return (
    <Stack>
      <Title order={2}>{t('settings.profile.title')}</Title>
      {/* RequireLogin guarantees the user; the key starts a fresh form for another one. */}
      {user && <ProfileForm key={user.id} user={user} />}
      {user && <ChangeEmailForm key={`email-${user.id}`} email={user.email ?? ''} />}
      {user && <ChangePasswordForm key={`password-${user.id}`} />}
    </Stack>
  );
}

function ProfileForm({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const updateProfile = useUpdateProfile();
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    ProfileFormValues,
    unknown,
    ProfileUpdate
  >({
    resolver: zodResolver(profileUpdate),
    defaultValues: toFormValues(user),
  });
  const { errors } = formState;

  const submit = handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        void notify({ color: 'green', message: t('settings.profile.saved') });
      },
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack maw={560}>
        {updateProfile.error && <ErrorAlert error={updateProfile.error} />}
        <TextInput
          label={t('settings.profile.fullName')}
          autoComplete="name"
          {...register('profile.full_name')}
          error={fieldErrorText(errors.profile?.full_name, { max: 255 })}
        />
        <TextInput
          label={t('settings.profile.username')}
          description={t('settings.profile.usernameHelp')}
          autoComplete="username"
          {...register('username', { setValueAs: emptyToNull })}
          error={fieldErrorText(errors.username)}
        />
        <Controller
          control={control}
          name="profile.affiliations"
          render={({ field }) => (
            <AffiliationInput
              label={t('settings.profile.affiliations')}
              description={t('settings.profile.affiliationsHelp')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldErrorText(errors.profile?.affiliations, { max: 255 })}
            />
          )}
        />
        <TextInput
          label={t('settings.profile.orcid')}
          description={t('settings.profile.orcidHelp')}
          {...register('identities.orcid', { setValueAs: emptyToNull })}
          error={fieldErrorText(errors.identities?.orcid)}
        />
        <Controller
          control={control}
          name="preferences.visibility"
          render={({ field }) => (
            <Switch
              label={t('settings.profile.publicProfile')}
              description={t('settings.profile.publicProfileHelp')}
              checked={field.value === 'public'}
              onChange={(event) =>
                field.onChange(event.currentTarget.checked ? 'public' : 'restricted')
              }
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldErrorText(errors.preferences?.visibility)}
            />
          )}
        />
        <Controller
          control={control}
          name="preferences.email_visibility"
          render={({ field }) => (
            <Radio.Group
              label={t('settings.profile.emailVisibility')}
              description={t('settings.profile.emailVisibilityHelp')}
              value={field.value}
              onChange={field.onChange}
              error={fieldErrorText(errors.preferences?.email_visibility)}
            >
              <Group mt="xs">
                <Radio value="public" label={t('settings.profile.visibility.public')} />
                <Radio value="restricted" label={t('settings.profile.visibility.restricted')} />
              </Group>
            </Radio.Group>
          )}
        />
        <Group>
          <Button type="submit" loading={updateProfile.isPending}>
            {t('settings.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
