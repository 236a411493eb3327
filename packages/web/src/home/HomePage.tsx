import 'virtual:english/home';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteName } from '../ui/useSiteName.ts';

export function HomePage() {
  const { t } = useTranslation();
  const siteName = useSiteName();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('home.title', { siteName })}</Title>
        <Text size="lg">{t('home.intro', { siteName })}</Text>
        <Group>
          <Button component={Link} to="/search">
            {t('home.search')}
          </Button>
          <Button component={Link} to="/uploads/new" variant="light">
            {t('home.upload')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
