import type { RecordJson } from '@arca/schema';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPublicationDate } from '../i18n/format.ts';
import { accessStatusColor, accessStatusLabel, resourceTypeLabel, statusLabel } from './labels.ts';

interface RecordBadgesProps {
  record: RecordJson;
  /** The dashboard shows where a draft stands; public pages do not. */
  withStatus?: boolean;
}

export function RecordBadges({ record, withStatus = false }: RecordBadgesProps) {
  const { t, i18n } = useTranslation();
  const resourceType = resourceTypeLabel(record, i18n.language);
  const access = record.access.status;
  return (
    <Group gap="xs">
      {withStatus && (
        <Badge variant="filled" color={record.status === 'published' ? 'green' : 'gray'}>
          {statusLabel(t, record.status)}
        </Badge>
      )}
      {record.metadata.publication_date && (
        <Badge variant="light" color="blue">
          {formatPublicationDate(record.metadata.publication_date, i18n.language)}
        </Badge>
      )}
      {resourceType && (
        <Badge variant="light" color="gray">
          {resourceType}
        </Badge>
      )}
      {access && (
        <Badge variant="light" color={accessStatusColor[access]}>
          {accessStatusLabel(t, access)}
        </Badge>
      )}
      {record.metadata.version && (
        <Badge variant="outline" color="gray">
          {record.metadata.version}
        </Badge>
      )}
    </Group>
  );
}
