import { Anchor, Button, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { GuestButtons } from './GuestButtons.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useSiteName } from './useSiteName.ts';

function AccountControls() {
  const { data: config } = useSiteConfig();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (user) return <UserMenu user={user} />;
  return <GuestButtons signupEnabled={config?.signup_enabled ?? false} />;
}

export function SiteHeader() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  useDocumentTitle(siteName);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
        {siteName}
      </Anchor>
      <Group gap="sm" wrap="nowrap">
        <SearchBox />
        <Button component={Link} to="/uploads/new" variant="light">
          {t('header.upload')}
        </Button>
        <LanguageSwitcher />
        <AccountControls />
      </Group>
    </Group>
  );
}
