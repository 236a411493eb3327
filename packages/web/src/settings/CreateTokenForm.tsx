import 'virtual:english/settings';
import { tokenCreate, type TokenItem } from '@arca/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateToken } from '../api/tokens.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { setServerFieldErrors, useFieldErrorText } from '../ui/form-errors.ts';

export function CreateTokenForm({ onCreated }: { onCreated: (token: TokenItem) => void }) {
  const { t } = useTranslation();
  const fieldErrorText = useFieldErrorText();
  const createToken = useCreateToken();
  const { register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(tokenCreate),
    defaultValues: { name: '' },
  });

  const submit = handleSubmit((values) =>
    createToken.mutate(values, {
      onSuccess: (token) => {
        reset();
        onCreated(token);
      },
      onError: (error) => setServerFieldErrors(error, setError),
    }),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="sm">
        <Title order={3}>{t('settings.tokens.create.title')}</Title>
        {createToken.error && <ErrorAlert error={createToken.error} />}
        <Group align="flex-end">
          <TextInput
            label={t('settings.tokens.create.name')}
            {...register('name')}
            error={fieldErrorText(formState.errors.name, { max: 100 })}
          />
          <Button type="submit" loading={createToken.isPending}>
            {t('settings.tokens.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
