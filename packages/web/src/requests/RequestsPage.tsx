import { Anchor, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyRequests } from '../api/requests.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { RequestStatusBadge } from './RequestStatusBadge.tsx';

/** The requests I made and those I decide (curators find submissions here). */
export function RequestsPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const { data, isPending, error } = useMyRequests(open);

  return (
    <Stack gap="lg">
      <Title order={2}>{t('requests.title')}</Title>
      <SegmentedControl
        value={open ? 'open' : 'closed'}
        onChange={(value) => setOpen(value === 'open')}
        data={[
          { value: 'open', label: t('requests.open') },
          { value: 'closed', label: t('requests.closed') },
        ]}
      />
      {isPending && <PageLoader />}
      {error && <ErrorAlert error={error} />}
      {data && data.hits.hits.length === 0 && <Text c="dimmed">{t('requests.empty')}</Text>}
      {data && data.hits.hits.length > 0 && (
        <Table aria-label={t('requests.title')}>
          <Table.Tbody>
            {data.hits.hits.map((request) => (
              <Table.Tr key={request.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/me/requests/${request.id}`}>
                    {request.title || t('requests.untitled')}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <RequestStatusBadge status={request.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
