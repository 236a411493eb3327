import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { claimInvitation } from '../api/community-membership.ts';
import { linkPath } from '../api/drafts.ts';
import { AuthCard } from '../auth/AuthCard.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

/**
 * Where a mailed community invitation lands, once signed in: the link becomes
 * the user's invitation request, which opens to be accepted or declined.
 */
export function ClaimInvitationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('communities.claim.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const claim = useMutation({
    mutationFn: claimInvitation,
    onSuccess: (answer) => void navigate(linkPath(answer.links.self_html), { replace: true }),
  });
  // The link works once: a second effect run (strict mode) must not spend it.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    claim.mutate(token);
  }, [token, claim]);

  return (
    <AuthCard title={t('communities.claim.title')}>
      <Stack>
        {token && !claim.isError && (
          <Text role="status">
            <Loader size="xs" mr="xs" />
            {t('communities.claim.working')}
          </Text>
        )}
        {!token && <Text>{t('communities.claim.missing')}</Text>}
        {claim.error && <ErrorAlert error={claim.error} />}
        {(claim.isError || !token) && (
          <Anchor component={Link} to="/me/requests" size="sm" underline="always">
            {t('communities.claim.requests')}
          </Anchor>
        )}
      </Stack>
    </AuthCard>
  );
}
