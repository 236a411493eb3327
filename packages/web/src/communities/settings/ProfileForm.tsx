import { Button, Group, Input, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../deposit/fields/DescriptionField/RichTextEditor.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { serverFieldErrors } from './field-errors.ts';

/** Where the server names an organisation it refused. */
const ORGANIZATIONS_FIELD = 'metadata.organizations';

export interface ProfileValues {
  title: string;
  slug: string;
  description: string;
  website: string;
  organizations: string[];
}

/** A community's identifier from its title: lower case, words joined by dashes. */
export const slugOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

interface ProfileFormProps {
  initial: ProfileValues;
  /** New communities choose their identifier; it stays once chosen. */
  withSlug?: boolean;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ProfileValues) => void;
  /** More fields below the profile's (visibility, on the creation page). */
  children?: ReactNode;
}

/** Title, identifier, description (rich text), web site and organisations of a community. */
export function ProfileForm(props: ProfileFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(props.initial);
  const [slugTouched, setSlugTouched] = useState(!props.withSlug);
  const errors = serverFieldErrors(props.error);
  const set = (change: Partial<ProfileValues>) => setValues((old) => ({ ...old, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.error !== null && props.error !== undefined && <ErrorAlert error={props.error} />}
        <TextInput
          label={t('communities.form.title')}
          required
          value={values.title}
          error={errors['metadata.title']}
          onChange={(event) => {
            const title = event.currentTarget.value;
            set(slugTouched ? { title } : { title, slug: slugOf(title) });
          }}
        />
        {props.withSlug && (
          <TextInput
            label={t('communities.form.slug')}
            description={t('communities.form.slugHelp', {
              url: `/communities/${values.slug || '…'}`,
            })}
            required
            value={values.slug}
            error={errors.slug}
            onChange={(event) => {
              setSlugTouched(true);
              set({ slug: event.currentTarget.value });
            }}
          />
        )}
        <Input.Wrapper
          label={t('communities.form.description')}
          error={errors['metadata.description']}
        >
          <RichTextEditor
            value={values.description}
            onChange={(description) => set({ description })}
            onBlur={() => undefined}
            label={t('communities.form.description')}
          />
        </Input.Wrapper>
        <TextInput
          label={t('communities.form.website')}
          type="url"
          value={values.website}
          error={errors['metadata.website']}
          onChange={(event) => set({ website: event.currentTarget.value })}
        />
        <TagsInput
          label={t('communities.form.organizations')}
          description={t('communities.form.organizationsHelp')}
          value={values.organizations}
          error={
            Object.entries(errors).find(([field]) => field.startsWith(ORGANIZATIONS_FIELD))?.[1]
          }
          onChange={(organizations) => set({ organizations })}
        />
        {props.children}
        <Group>
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The profile part of a community's body. */
export const profileMetadata = (values: ProfileValues) => ({
  title: values.title,
  description: values.description === '<p></p>' ? '' : values.description,
  website: values.website.trim(),
  organizations: values.organizations.map((name) => ({ name })),
});
