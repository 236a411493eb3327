import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A field the repository will offer later (SPEC §2: the "Coming soon" placeholder). */
export function ComingSoonField({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Badge variant="light" color="gray">
        {t('deposit.fields.comingSoon')}
      </Badge>
    </Group>
  );
}
