import { Button, Group, Input, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../deposit/fields/DescriptionField/RichTextEditor.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { serverFieldErrors } from './field-errors.ts';

export interface PagesValues {
  page: string;
  curation_policy: string;
}

interface PagesFormProps {
  initial: PagesValues;
  pending: boolean;
  error: unknown;
  saved: boolean;
  onSubmit: (values: PagesValues) => void;
}

/** An empty editor's value is no text at all. */
const textOrNothing = (html: string) => (html === '<p></p>' ? '' : html);

/** The "About" page and the curation policy: rich text, like the description. */
export function PagesForm({ initial, pending, error, saved, onSubmit }: PagesFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const errors = serverFieldErrors(error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      page: textOrNothing(values.page),
      curation_policy: textOrNothing(values.curation_policy),
    });
  };
  const field = (name: keyof PagesValues, label: string, help: string) => (
    <Input.Wrapper label={label} description={help} error={errors[`metadata.${name}`]}>
      <RichTextEditor
        value={values[name]}
        onChange={(html) => setValues((old) => ({ ...old, [name]: html }))}
        onBlur={() => undefined}
        label={label}
      />
    </Input.Wrapper>
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error !== null && error !== undefined && <ErrorAlert error={error} />}
        {field('page', t('communities.form.page'), t('communities.form.pageHelp'))}
        {field(
          'curation_policy',
          t('communities.form.curationPolicy'),
          t('communities.form.curationPolicyHelp'),
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t('communities.settings.save')}
          </Button>
          {saved && <span role="status">{t('communities.settings.saved')}</span>}
        </Group>
      </Stack>
    </form>
  );
}
