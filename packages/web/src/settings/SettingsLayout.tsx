import 'virtual:english/settings';
import { Container, Grid, NavLink, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';

function SettingsNavLink({ to, label }: { to: string; label: string }) {
  const active = useMatch({ path: to, end: true }) !== null;
  return (
    <NavLink
      component={Link}
      to={to}
      label={label}
      active={active}
      aria-current={active ? 'page' : undefined}
    />
  );
}

export function SettingsLayout() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py="md">
      <Title order={1} mb="lg">
        {t('settings.title')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <nav aria-label={t('settings.nav.label')}>
            <SettingsNavLink to="/me/settings" label={t('settings.nav.profile')} />
            <SettingsNavLink to="/me/settings/identities" label={t('auth.identities.title')} />
            <SettingsNavLink to="/me/settings/tokens" label={t('settings.nav.tokens')} />
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
