import type { AccessStatus, RecordJson, RecordStatus } from '@arca/schema';
import type { TFunction } from 'i18next';
import { localise } from './format.ts';

/** The status label of the dashboard (SPEC §4's seven statuses). */
export function statusLabel(t: TFunction, status: RecordStatus): string {
  switch (status) {
    case 'draft':
      return t('records.status.draft');
    case 'new_version_draft':
      return t('records.status.new_version_draft');
    case 'draft_with_review':
      return t('records.status.draft_with_review');
    case 'in_review':
      return t('records.status.in_review');
    case 'declined':
      return t('records.status.declined');
    case 'expired':
      return t('records.status.expired');
    case 'published':
      return t('records.status.published');
  }
}

export function accessStatusLabel(t: TFunction, status: AccessStatus): string {
  switch (status) {
    case 'open':
      return t('records.accessStatus.open');
    case 'embargoed':
      return t('records.accessStatus.embargoed');
    case 'restricted':
      return t('records.accessStatus.restricted');
    case 'metadata-only':
      return t('records.accessStatus.metadata-only');
  }
}

export const accessStatusColor: Record<AccessStatus, string> = {
  open: 'green',
  embargoed: 'orange',
  restricted: 'red',
  'metadata-only': 'gray',
};

/** The resource type in the UI language: the server's `ui` label, else the vocabulary title. */
export function resourceTypeLabel(record: RecordJson, language: string): string | undefined {
  const ui = record.ui?.resource_type as { title_l10n?: string } | undefined;
  const type = record.metadata.resource_type;
  return ui?.title_l10n ?? localise(type?.title, language) ?? type?.id;
}
