import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPath, signupPath } from '../auth/paths.ts';

/** Log in (and Sign up, when the site allows it), returning to the current page afterwards. */
export function GuestButtons({ signupEnabled }: { signupEnabled: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const onAuthPage = location.pathname === '/login' || location.pathname === '/signup';
  const here = onAuthPage ? undefined : location.pathname + location.search;

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
