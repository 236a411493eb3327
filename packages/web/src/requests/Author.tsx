import { useTranslation } from 'react-i18next';
import { useUserName } from '../api/requests.ts';

/** Who wrote or did something on a request: their public name, the system, or "Someone". */
export function Author({ id }: { id: string }) {
  const { t } = useTranslation();
  const name = useUserName(id);
  if (id === 'system') return <>{t('requests.system')}</>;
  return <>{name.data || t('requests.someone')}</>;
}
