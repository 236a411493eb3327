import { AppShell } from '@mantine/core';
import { Outlet } from 'react-router';
import { useUserLanguage } from '../i18n/useUserLanguage.ts';
import { SiteHeader } from './SiteHeader.tsx';
import { UnverifiedNotice } from './UnverifiedNotice.tsx';

export function AppLayout() {
  useUserLanguage();
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <AppShell.Header>
        <SiteHeader />
      </AppShell.Header>
      <AppShell.Main>
        <UnverifiedNotice />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
