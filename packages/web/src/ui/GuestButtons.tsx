import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { loginPath, safeNextPath, signupPath } from '../auth/paths.ts';

/** Log in (and Sign up, when the site allows it), returning to the current page afterwards. */
export function GuestButtons({ signupEnabled }: { signupEnabled: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const onAuthPage = location.pathname === '/login' || location.pathname === '/signup';
  // On the login and sign-up pages, where the visitor was going stays the same.
  const here = onAuthPage
    ? safeNextPath(searchParams.get('next'))
    : location.pathname + location.search;

  return (
    <>
      <Button component={Link} to={loginPath(here)} variant="default">
        {t('header.logIn')}
      </Button>
      {signupEnabled && (
        <Button component={Link} to={signupPath(here)}>
          {t('header.signUp')}
        </Button>
      )}
    </>
  );
}
