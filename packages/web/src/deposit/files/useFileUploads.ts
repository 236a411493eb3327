import type { RecordFileEntry, RecordJson } from '@arca/schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, currentRequestLanguage } from '../../api/client.ts';
import { useDeposit } from '../deposit-context.ts';
import {
  deleteFile,
  importFiles,
  listFiles,
  type DraftFile,
  type DraftFileList,
} from './files-api.ts';
import { rememberErrorLanguage, uploadErrorIn } from './error-languages.ts';
import { PartRequestError } from './part-request.ts';
import { resumableEntry } from './resumable.ts';
import { unmarkUpload } from './upload-marks.ts';
import type { createUploader, Uploader } from './uploader.ts';
import { checkSelection, type Quota, type Refusal } from './upload-rules.ts';

/** SPEC §9: 5 files and 10 GB unless the server says otherwise. */
export const DEFAULT_QUOTA: Quota = { maxFiles: 5, maxBytes: 1e10 };

/** A file in transfer, as the list shows it. */
export interface Transfer {
  id: string;
  name: string;
  size: number;
  uploaded: number;
  failed: boolean;
  error?: string;
}

const filesKey = (id: string) => ['draft-files', id] as const;

/** Keeps the draft's `files` block in step, so Publish and the metadata-only toggle see the files. */
function withFiles(draft: RecordJson, entries: DraftFile[]): RecordJson {
  const byKey: Record<string, RecordFileEntry> = {};
  for (const entry of entries) byKey[entry.key] = entry as unknown as RecordFileEntry;
  return {
    ...draft,
    files: {
      ...draft.files,
      count: entries.length,
      total_bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
      entries: byKey,
    },
  };
}

/** The server's message and the language it is worded in, for the banner. */
function errorMessage(error: unknown): { message?: string; language?: string } {
  if (error instanceof ApiError)
    return { message: error.message || undefined, language: error.language };
  if (error instanceof PartRequestError) return { message: error.serverMessage || undefined };
  return {};
}

type LoadedUploader = Awaited<ReturnType<typeof createUploader>>;

/**
 * Once committed, a file leaves the transfer list and shows as one of the
 * draft's files: its entry as the commit answered it, without reading the
 * whole list again (thousands of files would make that quadratic).
 */
function listCommitted(uploader: LoadedUploader, id: string, show: (entry: DraftFile) => void) {
  const { uppy, committed } = uploader;
  const commit = committed(id);
  if (!commit) return;
  commit
    .then((entry) => {
      show(entry);
      if (uppy.getFile(id)) uppy.removeFile(id);
    })
    .catch((error: unknown) => {
      if (!uppy.getFile(id)) return;
      const { message, language } = errorMessage(error);
      rememberErrorLanguage(id, language);
      uppy.setFileState(id, { error: message ?? 'failed' });
    });
}

const NO_FILES: Record<string, never> = {};
const NO_ENTRIES: DraftFile[] = [];
const noSubscription = () => () => undefined;

/** Uppy's files, re-rendering on each of its state changes; none before it is loaded. */
function useUppyFiles(uppy: Uploader | undefined) {
  return useSyncExternalStore(
    uppy ? (listener) => uppy.store.subscribe(listener) : noSubscription,
    () => uppy?.getState().files ?? NO_FILES,
  );
}

/**
 * The Files section's state: the draft's files on the server, the transfers in
 * flight (Uppy), the quota and what the last selection was refused for.
 */
export function useFileUploads() {
  const { draft, actions } = useDeposit();
  const queryClient = useQueryClient();
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const setDraftRef = useRef(actions.setDraft);
  setDraftRef.current = actions.setDraft;
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const [importing, setImporting] = useState(false);

  // A long listing shows page after page as they arrive.
  const list = useQuery({
    queryKey: filesKey(draft?.id ?? ''),
    queryFn: ({ signal, queryKey }) =>
      listFiles(draftRef.current as RecordJson, signal, (partial) =>
        queryClient.setQueryData(queryKey, partial),
      ),
    enabled: draft !== undefined && draft.files.enabled,
  });

  const showList = useCallback(
    (files: DraftFileList) => {
      const current = draftRef.current;
      if (!current) return;
      queryClient.setQueryData(filesKey(current.id), files);
    },
    [queryClient],
  );

  /** Puts a committed file in the list, in place of its pending entry. */
  const showCommitted = useCallback(
    (entry: DraftFile) => {
      const current = draftRef.current;
      if (!current) return;
      queryClient.setQueryData<DraftFileList>(filesKey(current.id), (old) => {
        const entries = old?.entries ?? [];
        const at = entries.findIndex((file) => file.key === entry.key);
        const next = at < 0 ? [...entries, entry] : entries.with(at, entry);
        return { enabled: true, ...old, entries: next };
      });
    },
    [queryClient],
  );

  // Once the whole list is read; again when a saved draft comes back without
  // entries (a large one's JSON carries none).
  const missingEntries = draft !== undefined && draft.files.entries === undefined;
  useEffect(() => {
    const entries = list.data?.entries;
    if (!entries || list.data?.complete === false) return;
    setDraftRef.current((previous) => (previous ? withFiles(previous, entries) : previous));
  }, [list.data, missingEntries]);

  const refresh = useCallback(async () => {
    const current = draftRef.current;
    if (!current) return;
    showList(await listFiles(current));
  }, [showList]);

  // Uppy, the S3 plugin and the MD5 code load with the first file chosen:
  // the editor's first paint does not wait for them (docs/benchmarks.md, "Deposit page bundle").
  const [uploader, setUploader] = useState<LoadedUploader>();
  const loading = useRef<Promise<LoadedUploader>>(undefined);
  const showCommittedRef = useRef(showCommitted);
  showCommittedRef.current = showCommitted;
  const { i18n } = useTranslation();
  const loadUploader = () => {
    loading.current ??= import('./uploader.ts').then(async ({ createUploader }) => {
      const created = await createUploader({
        draft: () => draftRef.current,
        language: i18n.language,
      });
      // Listening from the start: the first upload begins before React has rendered
      // with the uploader, and a small file can be done by then.
      created.uppy.on('upload-success', (file) => {
        if (file) listCommitted(created, file.id, (entry) => showCommittedRef.current(entry));
      });
      // A part's refusal is worded in the language its request was sent in: the current one.
      created.uppy.on('upload-error', (file) => {
        if (file) rememberErrorLanguage(file.id, currentRequestLanguage());
      });
      setUploader(created);
      return created;
    });
    return loading.current;
  };

  // Uppy's texts follow a language switch.
  useEffect(() => {
    if (uploader) void uploader.setLanguage(i18n.language);
  }, [uploader, i18n.language]);

  useEffect(() => () => uploader?.uppy.destroy(), [uploader]);

  const uppyFiles = useUppyFiles(uploader?.uppy);
  const transfers = useMemo<Transfer[]>(
    () =>
      Object.values(uppyFiles).map((file) => ({
        id: file.id,
        name: file.name ?? '',
        size: file.size ?? 0,
        uploaded: file.progress.bytesUploaded || 0,
        failed: Boolean(file.error),
        error: uploadErrorIn(file.id, file.error, i18n.language),
      })),
    [uppyFiles, i18n.language],
  );

  const entries = list.data?.entries ?? NO_ENTRIES;
  const complete = list.data?.complete !== false;
  const quota: Quota = list.data?.quota
    ? { maxFiles: list.data.quota.max_files, maxBytes: list.data.quota.max_bytes }
    : DEFAULT_QUOTA;
  const listed = useMemo(() => new Set(entries.map((entry) => entry.key)), [entries]);
  const held = [
    ...entries.map((entry) => ({
      key: entry.key,
      size: entry.size,
      failed: entry.status === 'failed',
    })),
    ...transfers
      .filter((transfer) => !listed.has(transfer.name))
      .map((transfer) => ({ key: transfer.name, size: transfer.size, failed: transfer.failed })),
  ];
  const used = held.filter((file) => !file.failed);
  let usedCount = used.length;
  let usedBytes = used.reduce((sum, file) => sum + file.size, 0);
  // While pages are still read, the server's totals count the files not yet listed.
  if (!complete) {
    usedCount = Math.max(usedCount, list.data?.count ?? 0);
    usedBytes = Math.max(usedBytes, list.data?.total_bytes ?? 0);
  }

  async function add(files: readonly File[]) {
    // A file whose upload a reload interrupted continues it; the others are new.
    const inTransfer = transfers.map((transfer) => transfer.name);
    const resumed = files.flatMap((file) => {
      const entry = resumableEntry(file, entries, inTransfer);
      return entry ? [{ file, entry }] : [];
    });
    const fresh = files.filter((file) => !resumed.some((resume) => resume.file === file));
    const { accepted, refusals: refused } = checkSelection(fresh, held, quota);
    setRefusals(refused);
    if (accepted.length === 0 && resumed.length === 0) return;
    // The files go to a saved draft (API.md §9: the draft is saved before any upload).
    const [saved, uploader] = await Promise.all([actions.saveBeforeUpload(), loadUploader()]);
    if (!saved) return;
    draftRef.current = saved;
    const { uppy } = uploader;
    const descriptor = (file: File) => ({
      name: file.name,
      type: file.type,
      data: file,
      source: 'Local',
    });
    // All at once: Uppy's state is copied on each addition.
    uppy.addFiles(accepted.map(descriptor));
    for (const { file, entry } of resumed) uploader.resume(uppy.addFile(descriptor(file)), entry);
    await uppy.upload();
  }

  /** Stops a transfer; what the server already holds of it is deleted (aborting a multipart upload). */
  async function cancel(id: string) {
    if (!uploader) return;
    const entry = uploader.entryOf(id);
    uploader.uppy.removeFile(id);
    if (entry) await remove(entry);
  }

  async function remove(entry: DraftFile) {
    unmarkUpload(entry.links.self);
    try {
      await deleteFile(entry.links.self);
    } catch (error) {
      actions.setFeedback({ kind: 'failure', action: 'save', ...errorMessage(error) });
    }
    await refresh();
  }

  async function importPrevious() {
    const current = draftRef.current;
    if (!current) return;
    setImporting(true);
    try {
      showList(await importFiles(current));
    } catch (error) {
      actions.setFeedback({ kind: 'failure', action: 'import', ...errorMessage(error) });
    } finally {
      setImporting(false);
    }
  }

  return {
    entries,
    transfers,
    quota,
    usedCount,
    usedBytes,
    /** The server's file count while a long list is still being read, else undefined. */
    loadingMore: complete ? undefined : { listed: entries.length, count: list.data?.count },
    refusals,
    importing,
    loading: list.isPending && draft !== undefined,
    add,
    cancel,
    remove,
    importPrevious,
    retry: (id: string) => uploader?.uppy.retryUpload(id),
  };
}

export type FileUploads = ReturnType<typeof useFileUploads>;
