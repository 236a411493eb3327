import { useCurrentUser } from '../api/auth.ts';
import { useSiteConfig } from '../api/config.ts';
import { GuestButtons } from './GuestButtons.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The header's user menu, or Log in and Sign up for a visitor. */
export function AccountControls() {
  const { data: config } = useSiteConfig();
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return null;
  if (user) return <UserMenu user={user} />;
  return <GuestButtons signupEnabled={config?.signup_enabled ?? false} />;
}
