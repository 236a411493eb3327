import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/config.ts';

/** The operator's site name; the product's while /api/config is on its way. */
export function useSiteName(): string {
  const { t } = useTranslation();
  const { data: config } = useSiteConfig();
  return config?.site_name ?? t('common.defaultSiteName');
}
