import type { RequestStatusName } from '@arca/schema';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RequestStatusName, string> = {
  created: 'gray',
  submitted: 'blue',
  accepted: 'green',
  declined: 'red',
  cancelled: 'gray',
  expired: 'orange',
};

export function RequestStatusBadge({ status }: { status: RequestStatusName }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`requests.status.${status}`)}</Badge>;
}
