import 'virtual:english/admin';
import 'virtual:english/audit';
import { AUDIT_ACTIONS, type AuditAction } from '@arca/schema';
import {
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from '../api/audit.ts';
import { AuditChanges } from '../audit/AuditChanges.tsx';
import { actionText, actorText } from '../audit/audit-text.ts';
import { formatDateTime } from '../i18n/format.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { ScrollTable } from '../ui/ScrollTable.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { AdminPager } from './AdminPager.tsx';
import { UserPicker } from './UserPicker.tsx';

/** `/admin/audit`: who changed access, published, deleted or administered what, and when. */
export function AdminAudit() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('admin.audit.title'));
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const log = useAuditLog(filters, page);
  return (
    <Stack>
      <Title order={2}>{t('admin.audit.title')}</Title>
      <AuditFilterForm
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {log.isPending ? (
        <PageLoader />
      ) : log.isError ? (
        <ErrorAlert error={log.error} />
      ) : log.data.hits.total === 0 ? (
        <Text c="dimmed">{t('admin.audit.empty')}</Text>
      ) : (
        <>
          <ScrollTable minWidth={960} striped focusable aria-label={t('admin.audit.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.who')}</Table.Th>
                <Table.Th>{t('admin.audit.address')}</Table.Th>
                <Table.Th>{t('audit.what')}</Table.Th>
                <Table.Th>{t('admin.audit.subject')}</Table.Th>
                <Table.Th>{t('audit.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.hits.hits.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{formatDateTime(event.at, i18n.language)}</Table.Td>
                  <Table.Td>{actorText(t, event)}</Table.Td>
                  <Table.Td>{event.address ?? ''}</Table.Td>
                  <Table.Td>{actionText(t, event.action)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {t(`admin.audit.subjectTypes.${event.subject.type}`)} {event.subject.id}
                  </Table.Td>
                  <Table.Td>
                    <AuditChanges event={event} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <AdminPager total={log.data.hits.total} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

/** The search's filters, applied together when submitted. */
function AuditFilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const set = (key: keyof AuditFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      ...draft,
      q: draft.q.trim(),
      subject: draft.subject.trim(),
    });
  };
  const actions = AUDIT_ACTIONS.map((action: AuditAction) => ({
    value: action,
    label: actionText(t, action),
  }));
  return (
    <form onSubmit={submit} aria-label={t('admin.audit.filters')}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <TextInput
            label={t('admin.audit.search')}
            value={draft.q}
            onChange={(event) => set('q')(event.currentTarget.value)}
          />
          <Select
            label={t('audit.what')}
            placeholder={t('admin.audit.allActions')}
            data={actions}
            value={draft.action || null}
            onChange={(value) => set('action')(value ?? '')}
            clearable
            searchable
          />
          <TextInput
            label={t('admin.audit.subject')}
            description={t('admin.audit.subjectHelp')}
            value={draft.subject}
            onChange={(event) => set('subject')(event.currentTarget.value)}
          />
          <UserPicker
            label={t('admin.audit.actor')}
            description={t('admin.audit.actorHelp')}
            required={false}
            value={draft.actor || null}
            onChange={(id) => set('actor')(id ?? '')}
          />
          <TextInput
            type="date"
            label={t('admin.audit.from')}
            value={draft.from}
            onChange={(event) => set('from')(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('admin.audit.to')}
            value={draft.to}
            onChange={(event) => set('to')(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit">{t('admin.audit.apply')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
