import type { RecordJson } from '@arca/schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../api/client.ts';
import { useSiteConfig } from '../api/config.ts';
import { editRecord, readDraft } from '../api/drafts.ts';
import { queryKeys } from '../api/query-keys.ts';
import { ErrorAlert } from '../ui/ErrorAlert.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { useDocumentTitle } from '../ui/useDocumentTitle.ts';
import { useTranslation } from 'react-i18next';
import { DepositEditor } from './DepositEditor.tsx';

/** The draft of `/uploads/{id}`; a published record without a draft is opened for editing. */
async function loadDraft(
  id: string,
  signal: AbortSignal,
  token: string | undefined,
): Promise<RecordJson> {
  try {
    return await readDraft(id, signal, token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return editRecord(id, token);
    throw error;
  }
}

/**
 * `/uploads/new`, `/uploads/{id}` and `/communities/{slug}/upload`. The draft
 * created by the first save stays in the same editor: the address changes,
 * the form (and what is being typed) does not.
 */
export function DepositPage() {
  const { id } = useParams();
  useDocumentTitle(useTranslation().t(id ? 'pageTitles.editUpload' : 'pageTitles.newUpload'));
  // An edit secret link (`?token=`) is how someone without an account gets here.
  const token = useSearchParams()[0].get('token') ?? undefined;
  const [created, setCreated] = useState<RecordJson>();
  const config = useSiteConfig();
  const existingId = id && id !== created?.id ? id : undefined;
  const draft = useQuery({
    queryKey: queryKeys.draft(existingId ?? ''),
    queryFn: ({ signal }) => loadDraft(existingId ?? '', signal, token),
    enabled: existingId !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  if (config.isPending || (existingId && draft.isPending)) return <PageLoader />;
  if (config.isError) return <ErrorAlert error={config.error} />;
  if (existingId && draft.isError) return <ErrorAlert error={draft.error} />;
  const settings = config.data.deposit;
  const initialDraft = existingId ? draft.data : created;
  return (
    <DepositEditor
      // A new editor for another draft; the same one while the new draft gets its id.
      key={existingId ?? 'session'}
      initialDraft={initialDraft}
      settings={{
        doiRequired: settings.doi_required,
        customFields: settings.custom_fields,
        graceDays: settings.restriction_grace_days,
      }}
      onCreated={setCreated}
    />
  );
}
