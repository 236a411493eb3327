import type { LoginProvider, SignInMethods } from '@arca/schema';
import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSiteConfig } from '../api/config.ts';
import { useLinkIdentity, useSignInMethods, useUnlinkIdentity } from '../api/identities.ts';
import { ProviderError } from '../auth/ProviderError.tsx';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';

/** The ways the user signs in: a password and linked providers, all but the last removable. */
export function IdentitiesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.identities.title'));
  const [searchParams] = useSearchParams();
  const { data: config } = useSiteConfig();
  const methods = useSignInMethods();
  const link = useLinkIdentity();
  const unlink = useUnlinkIdentity();
  const providers = config?.login_providers ?? [];
  const linkedName = providers.find((p) => p.id === searchParams.get('linked'))?.name;

  return (
    <Stack gap="lg">
      <Title order={2}>{t('auth.identities.title')}</Title>
      {linkedName && (
        <Alert color="green">{t('auth.identities.linked', { name: linkedName })}</Alert>
      )}
      <ProviderError code={searchParams.get('provider_error')} />
      {(link.error ?? unlink.error) && <ErrorAlert error={(link.error ?? unlink.error)!} />}
      {methods.error && <ErrorAlert error={methods.error} />}
      {methods.data ? (
        <MethodTable
          methods={methods.data}
          onUnlink={(provider) => unlink.mutate(provider)}
          unlinking={unlink.isPending ? unlink.variables : undefined}
        />
      ) : (
        !methods.error && <Loader size="sm" />
      )}
      {methods.data && (
        <Group>
          {unlinked(providers, methods.data).map((provider) => (
            <Button
              key={provider.id}
              variant="default"
              loading={link.isPending && link.variables === provider.id}
              onClick={() => link.mutate(provider.id)}
            >
              {t('auth.identities.link', { name: provider.name })}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function unlinked(providers: LoginProvider[], methods: SignInMethods) {
  return providers.filter(
    (p) => p.kind === 'oidc' && !methods.identities.some((i) => i.provider === p.id),
  );
}

function MethodTable({
  methods,
  onUnlink,
  unlinking,
}: {
  methods: SignInMethods;
  onUnlink: (provider: string) => void;
  unlinking: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const last = (methods.password ? 1 : 0) + methods.identities.length <= 1;
  return (
    <>
      <Table>
        <Table.Tbody>
          {methods.password && (
            <Table.Tr>
              <Table.Td>{t('auth.identities.password')}</Table.Td>
              <Table.Td />
              <Table.Td />
            </Table.Tr>
          )}
          {methods.identities.map((identity) => (
            <Table.Tr key={identity.provider}>
              <Table.Td>{identity.name}</Table.Td>
              <Table.Td>{new Date(identity.created).toLocaleDateString(i18n.language)}</Table.Td>
              <Table.Td ta="end">
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  disabled={last}
                  loading={unlinking === identity.provider}
                  onClick={() => onUnlink(identity.provider)}
                  aria-label={`${t('auth.identities.unlink')} ${identity.name}`}
                >
                  {t('auth.identities.unlink')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {last && methods.identities.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('auth.identities.lastOne')}
        </Text>
      )}
    </>
  );
}
