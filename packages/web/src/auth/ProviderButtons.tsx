import type { LoginProvider } from '@arca/schema';
import { Button, Image, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One button per configured provider; each is a plain link, the server redirects. */
export function ProviderButtons({ providers, next }: { providers: LoginProvider[]; next: string }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <Stack gap="xs">
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          variant="default"
          href={`${provider.login_url}?${new URLSearchParams({ next }).toString()}`}
          leftSection={
            provider.icon ? <Image src={provider.icon} alt="" w={18} h={18} /> : undefined
          }
        >
          {t('auth.login.withProvider', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
