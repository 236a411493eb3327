import type { UserItem } from '@arca/schema';
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogOut } from '../api/auth.ts';
import { notify } from './notify.tsx';

export function displayName(user: UserItem): string {
  return user.profile.full_name || user.email || user.username || user.id;
}

export function UserMenu({ user }: { user: UserItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = useLogOut(() => navigate('/'));

  const onLogOut = () =>
    logOut.mutate(undefined, {
      onError: () => void notify({ color: 'red', message: t('header.logOutFailed') }),
    });

  return (
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle">{displayName(user)}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/me/uploads">
          {t('header.uploads')}
        </Menu.Item>
        <Menu.Item component={Link} to="/me/communities">
          {t('header.communities')}
        </Menu.Item>
        <Menu.Item component={Link} to="/me/requests">
          {t('header.requests')}
        </Menu.Item>
        <Menu.Item component={Link} to="/me/settings">
          {t('header.settings')}
        </Menu.Item>
        <Menu.Item onClick={onLogOut}>{t('header.logOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
