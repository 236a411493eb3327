import 'virtual:english/requests';
import type { RecordJson } from '@arca/schema';
import { Alert, Anchor, Button, Checkbox, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { ApiError, api } from '../api/client.ts';
import { apiPath } from '../api/records.ts';
import { SafeHtml } from '../records/SafeHtml.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';

interface RequestAnswer {
  message?: string;
  links?: { self_html?: string };
}

function useRequestAccess(record: RecordJson) {
  return useMutation({
    mutationFn: (body: Record<string, string>) =>
      api.post<RequestAnswer>(
        apiPath(record.links.access_request ?? `/api/records/${record.id}/access/request`),
        body,
      ),
  });
}

function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((entry) => entry.field === field)?.messages.join(' ');
}

/**
 * The request for restricted files (API.md §3.5): a signed-in user writes a
 * message; a guest also gives name, e-mail and consent. Shown only where the
 * owner allows that kind of request.
 */
export function AccessRequestForm({ record }: { record: RecordJson }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const request = useRequestAccess(record);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const settings = record.parent.access.settings;
  const user = me.data ?? null;
  if (me.isPending) return null;
  const allowed = user ? settings?.allow_user_requests : settings?.allow_guest_requests;
  if (!allowed) return null;

  if (request.isSuccess) {
    const link = request.data.links?.self_html;
    return (
      <Alert color="green" variant="light" role="status" title={t('requests.form.sentTitle')}>
        {user ? t('requests.form.sent') : request.data.message || t('requests.form.checkMail')}
        {link && (
          <>
            {' '}
            <Anchor component={Link} to={apiPath(link)}>
              {t('requests.form.open')}
            </Anchor>
          </>
        )}
      </Alert>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate(
          user
            ? { email: user.email ?? '', message }
            : {
                full_name: name,
                email,
                message,
                // The landing page sends the consent as a string (API.md §3.5).
                consent_to_share_personal_data: String(consent),
              },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={4}>{t('requests.form.title')}</Title>
        {settings?.accept_conditions_text && <SafeHtml html={settings.accept_conditions_text} />}
        {!user && (
          <>
            <TextInput
              label={t('requests.form.name')}
              required
              value={name}
              error={fieldError(request.error, 'full_name')}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextInput
              label={t('requests.form.email')}
              type="email"
              required
              value={email}
              error={fieldError(request.error, 'email')}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
          </>
        )}
        <Textarea
          label={t('requests.form.message')}
          value={message}
          maxLength={2000}
          error={fieldError(request.error, 'message')}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {!user && (
          <Checkbox
            label={t('requests.form.consent')}
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
          />
        )}
        {request.error && <ErrorAlert error={request.error} />}
        <Button type="submit" loading={request.isPending}>
          {t('requests.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
