import 'virtual:english/audit';
import type { AuditEvent } from '@arca/schema';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLines } from './audit-text.ts';

/** The fields an entry changed, before → after. */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const lines = changeLines(t, event);
  if (lines.length === 0) return <Text size="sm">{t('audit.none')}</Text>;
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {lines.map((line) => (
        <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </List.Item>
      ))}
    </List>
  );
}
