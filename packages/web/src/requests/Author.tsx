import 'virtual:english/requests';
import { useTranslation } from 'react-i18next';
import { type ExpandedUser, expandedName, useUserName } from '../api/requests.ts';

/**
 * Who wrote or did something on a request: the name the server expanded, else their public
 * name, the system, or "Someone".
 */
export function Author({ id, expanded }: { id: string; expanded?: ExpandedUser | undefined }) {
  const { t } = useTranslation();
  const given = expandedName(expanded);
  const name = useUserName(given ? undefined : id);
  if (id === 'system') return <>{t('requests.system')}</>;
  return <>{given || name.data || t('requests.someone')}</>;
}
