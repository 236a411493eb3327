import 'virtual:english/admin';
import { Container, Grid, NavLink, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch } from 'react-router';
import { useCurrentUser } from '../api/auth.ts';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';

/** The admin area's sections, in the order of its menu. */
export const ADMIN_SECTIONS = [
  'users',
  'records',
  'communities',
  'groups',
  'audit',
  'outbox',
  'jobs',
] as const;

function SectionLink({ to, label }: { to: string; label: string }) {
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

/**
 * `/admin`: for administrators only, as the server says (`is_admin`); anyone
 * else gets the not-found page, which tells nothing of what is here.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageLoader />;
  if (!user?.is_admin) return <NotFoundPage />;
  return (
    <Container size="xl" py="md">
      <Title order={1} mb="lg">
        {t('admin.title')}
      </Title>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 2 }}>
          <nav aria-label={t('admin.nav')}>
            <SectionLink to="/admin" label={t('admin.dashboard.title')} />
            {ADMIN_SECTIONS.map((section) => (
              <SectionLink
                key={section}
                to={`/admin/${section}`}
                label={t(`admin.${section}.title`)}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 10 }} miw={0}>
          <Outlet />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
