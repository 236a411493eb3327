import type { UserItem } from '@arca/schema';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogOut } from '../api/auth.ts';
import { notify } from './notify.tsx';

export function displayName(user: UserItem): string {
  return user.profile.full_name || user.email || user.username || user.id;
}

/** The user's own pages, as the header's menu and the phone menu list them. */
export const USER_PAGES = [
  { to: '/me/uploads', label: 'header.uploads' },
  { to: '/me/communities', label: 'header.communities' },
  { to: '/me/requests', label: 'header.requests' },
  { to: '/me/settings', label: 'header.settings' },
] as const;

/** The user's pages, with the admin area for administrators (as the server says). */
export const userPages = (user: UserItem) =>
  user.is_admin ? [...USER_PAGES, { to: '/admin', label: 'header.admin' } as const] : USER_PAGES;

/** Logs out and goes home, telling when it failed. */
export function useLogOutAction(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = useLogOut(() => navigate('/'));
  return () =>
    logOut.mutate(undefined, {
      onError: () => void notify({ color: 'red', message: t('header.logOutFailed') }),
    });
}

export function UserMenu({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const onLogOut = useLogOutAction();

  return (
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle">{displayName(user)}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {userPages(user).map((page) => (
          <Menu.Item key={page.to} component={Link} to={page.to}>
            {t(page.label)}
          </Menu.Item>
        ))}
        <Menu.Item onClick={onLogOut}>{t('header.logOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
