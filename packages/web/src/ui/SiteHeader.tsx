import { Anchor, Burger, Button, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountControls } from './AccountControls.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { PhoneMenu } from './PhoneMenu.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useSiteName } from './useSiteName.ts';

/** Below this width the header's controls move into the menu behind the burger. */
export const HEADER_MENU_BREAKPOINT = 'md';

export function SiteHeader() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  useDocumentTitle(siteName);
  const location = useLocation();
  // Open for the page it was opened on: following any of its links closes it.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpened = menuOpenedOn === location.key;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
        {siteName}
      </Anchor>
      <Group gap="sm" wrap="nowrap" visibleFrom={HEADER_MENU_BREAKPOINT}>
        <SearchBox />
        <Button component={Link} to="/communities" variant="subtle">
          {t('header.allCommunities')}
        </Button>
        <Button component={Link} to="/uploads/new" variant="light">
          {t('header.upload')}
        </Button>
        <LanguageSwitcher />
        <AccountControls />
      </Group>
      <Burger
        hiddenFrom={HEADER_MENU_BREAKPOINT}
        opened={menuOpened}
        onClick={() => setMenuOpenedOn(menuOpened ? null : location.key)}
        aria-label={t('header.menu.open')}
        aria-expanded={menuOpened}
        aria-haspopup="dialog"
      />
      <PhoneMenu opened={menuOpened} onClose={() => setMenuOpenedOn(null)} />
    </Group>
  );
}
