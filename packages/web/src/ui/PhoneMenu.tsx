import { Button, Divider, Drawer, NavLink, Stack, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { GuestButtons } from './GuestButtons.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { SearchBox } from './SearchBox.tsx';
import { displayName, useLogOutAction, userPages } from './UserMenu.tsx';

function AccountLinks() {
  const { t } = useTranslation();
  const { data: config } = useSiteConfig();
  const { data: user, isPending } = useCurrentUser();
  const onLogOut = useLogOutAction();
  if (isPending) return null;
  if (!user) {
    return (
      <Stack gap="xs">
        <GuestButtons signupEnabled={config?.signup_enabled ?? false} />
      </Stack>
    );
  }
  const name = displayName(user);
  return (
    <nav aria-label={name}>
      <Text fw={700} px="sm" pb="xs">
        {name}
      </Text>
      {userPages(user).map((page) => (
        <NavLink key={page.to} component={Link} to={page.to} label={t(page.label)} />
      ))}
      <NavLink component="button" label={t('header.logOut')} onClick={onLogOut} />
    </nav>
  );
}

/**
 * The header's controls on a phone, in a drawer behind the burger: search,
 * Upload, the language and the user's pages. Following a link closes it.
 */
export function PhoneMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { dir } = useDirection();

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('header.menu.title')}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="xs"
    >
      <Stack gap="md">
        <SearchBox />
        <Button component={Link} to="/communities" variant="subtle">
          {t('header.allCommunities')}
        </Button>
        <Button component={Link} to="/uploads/new" variant="light">
          {t('header.upload')}
        </Button>
        <LanguageSwitcher />
        <Divider />
        <AccountLinks />
      </Stack>
    </Drawer>
  );
}
