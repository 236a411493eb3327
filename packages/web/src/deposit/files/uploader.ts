import type { RecordJson } from '@arca/schema';
import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import { linkPath } from '../../api/drafts.ts';
import { chunkSize, partCount, usesMultipart } from './chunk-size.ts';
import {
  commitFile,
  deleteFile,
  initFile,
  initFiles,
  readFile,
  readSignedPart,
  type DraftFile,
  type FileSpec,
  type PartLink,
} from './files-api.ts';
import { createInitBatches } from './init-batches.ts';
import { fileDigests, type FileDigests } from './file-digests.ts';
import { createPartLinks } from './part-links.ts';
import { PartRequestError, putBytes } from './part-request.ts';
import { markUpload, unmarkUpload } from './upload-marks.ts';
import { loadUppyLocale } from './uppy-locale.ts';

/** SPEC §9: three files at a time; parts retried after 0, 1, 3 and 5 seconds. */
export const UPLOAD_CONCURRENCY = 3;
export const RETRY_DELAYS = [0, 1000, 3000, 5000];

type UploadMeta = Record<string, never>;
type UploadBody = Record<string, never>;
export type Uploader = Uppy<UploadMeta, UploadBody>;

interface UploaderOptions {
  /** The draft the files go to; saved by the caller before any upload starts. */
  draft: () => RecordJson | undefined;
  /** The UI language: Uppy's own texts (its error messages) follow it. */
  language: string;
}

function needDraft(options: UploaderOptions): RecordJson {
  const draft = options.draft();
  if (!draft) throw new Error('No draft to upload to');
  return draft;
}

/**
 * Uppy with the S3-style plugin driving our transfers (API.md §9): L for
 * files of one part, M for larger ones with signed part URLs, Content-MD5 per
 * part (and, where S3 checks it, the part's SHA-256 signed into its URL), a
 * re-read of the file when its part URLs expired, and a resumed upload
 * skipping the parts the server already holds (`parts_done`). Each file's
 * digests come from workers of its own (file-digests.ts), which read each
 * part once for its digests and the file's SHA-256, sent with the commit.
 */
export async function createUploader(options: UploaderOptions): Promise<{
  uppy: Uploader;
  /** Shows Uppy's texts in another language (en_US when Uppy has none for it). */
  setLanguage: (language: string) => Promise<void>;
  /** The commit of an upload Uppy reported as successful. */
  committed: (id: string) => Promise<DraftFile> | undefined;
  /** The server's entry for an upload, once announced. */
  entryOf: (id: string) => DraftFile | undefined;
  /** Makes an added file continue the server's unfinished upload `entry` instead of starting one. */
  resume: (id: string, entry: DraftFile) => void;
}> {
  const entries = new Map<string, DraftFile>();
  /** Each upload's digests: its parts' and the file's SHA-256, computed beside its transfer. */
  const digests = new Map<string, FileDigests>();
  function digestsOf(id: string): FileDigests {
    let found = digests.get(id);
    if (!found) {
      const data = uppy.getFile(id)?.data;
      found = fileDigests(data instanceof Blob ? data : new Blob([]));
      digests.set(id, found);
    }
    return found;
  }
  /** The part's first byte: parts are cut at the upload's part size. */
  const partStart = (entry: DraftFile, part: number) =>
    (part - 1) * (entry.transfer.part_size ?? chunkSize(entry.size));
  const commits = new Map<string, Promise<DraftFile>>();
  /** Files whose part URLs were refused: read again before the next part. */
  const stale = new Set<string>();
  /** Which upload a signed part URL belongs to. */
  const owners = new Map<string, string>();
  const partLinks = createPartLinks();
  const uppy: Uploader = new Uppy<UploadMeta, UploadBody>({
    autoProceed: false,
    locale: await loadUppyLocale(options.language),
  });
  // When switches overlap, the last one wins.
  let wantedLanguage = options.language;
  async function setLanguage(language: string) {
    wantedLanguage = language;
    const locale = await loadUppyLocale(language);
    if (language === wantedLanguage) uppy.setOptions({ locale });
  }

  async function fresh(id: string): Promise<DraftFile> {
    const entry = entries.get(id);
    if (!entry) throw new Error('Upload was not initialised');
    const updated = await readFile(entry.links.self);
    entries.set(id, updated);
    stale.delete(id);
    return updated;
  }

  function specOf(file: UppyFile<UploadMeta, UploadBody>): FileSpec {
    const size = file.size ?? 0;
    const transfer: FileSpec['transfer'] = usesMultipart(size)
      ? { type: 'M', parts: partCount(size), part_size: chunkSize(size), part_checksum: 'sha256' }
      : { type: 'L' };
    return { key: file.name ?? '', size, transfer };
  }

  // The files of one upload are announced together, before their transfers
  // (three at a time) ask for them: a few init calls instead of one per file.
  const batches = createInitBatches({
    post: (specs) => initFiles(needDraft(options), specs),
    created(id, entry) {
      // Known at once, so that cancelling the file deletes its upload on the server.
      if (uppy.getFile(id)) entries.set(id, entry);
      else void deleteFile(entry.links.self).catch(() => undefined);
    },
  });
  uppy.addPreProcessor((fileIds) => {
    const files = fileIds.flatMap((id) => {
      const file = uppy.getFile(id);
      // A resumed multipart upload has its entry already.
      const resumed = (file as { s3Multipart?: { uploadId?: string } } | undefined)?.s3Multipart;
      return file && !resumed?.uploadId ? [{ id, spec: specOf(file) }] : [];
    });
    batches.announce(files);
  });

  /**
   * The server's entry for an upload: announced with its batch, or now on its
   * own. A file cancelled meanwhile has its upload deleted.
   */
  async function announce(file: UppyFile<UploadMeta, UploadBody>): Promise<DraftFile> {
    const early = await batches.take(file.id);
    const entry = early ?? (await initFile(needDraft(options), specOf(file)));
    if (!uppy.getFile(file.id)) {
      // An entry announced in a batch was deleted by whoever removed the file.
      if (!early) await deleteFile(entry.links.self).catch(() => undefined);
      throw new Error('Upload cancelled');
    }
    entries.set(file.id, entry);
    // The file's SHA-256 starts now, beside its transfer; the commit waits for it.
    digestsOf(file.id);
    return entry;
  }

  function commit(id: string): Promise<DraftFile> {
    const entry = entries.get(id);
    if (!entry) return Promise.reject(new Error('Upload was not initialised'));
    const done = digestsOf(id)
      .sha256()
      .then((sha256) => commitFile(entry, sha256))
      .then((committed) => {
        entries.set(id, committed);
        unmarkUpload(entry.links.self);
        digests.get(id)?.close();
        return committed;
      });
    commits.set(id, done);
    return done;
  }

  /** A part's listed URL, the file read again when its URLs expired or were refused. */
  async function findLink(id: string, part: number): Promise<PartLink> {
    const cached = stale.has(id) ? undefined : entries.get(id);
    let link = cached && (await partLinks.find(cached, part));
    if (!link || Date.parse(link.expiration) <= Date.now()) {
      const entry = await fresh(id);
      partLinks.forget(entry);
      link = await partLinks.find(entry, part);
    }
    if (!link) throw new Error(`No URL for part ${part}`);
    return link;
  }

  uppy.use(AwsS3<UploadMeta, UploadBody>, {
    limit: UPLOAD_CONCURRENCY,
    retryDelays: RETRY_DELAYS,
    shouldUseMultipart: (file) => usesMultipart(file.size ?? 0),
    getChunkSize: (file) => chunkSize(file.size),

    async getUploadParameters(file) {
      const entry = await announce(file);
      return {
        method: 'PUT',
        // Absolute (Uppy parses it), on this page's origin like every API call.
        url: new URL(
          linkPath(entry.links.content ?? `${entry.links.self}/content`),
          window.location.origin,
        ).href,
        headers: { 'Content-Type': 'application/octet-stream' },
      };
    },

    async createMultipartUpload(file) {
      const entry = await announce(file);
      if (file.data instanceof File) markUpload(entry.links.self, file.data.lastModified);
      return { uploadId: entry.links.self, key: entry.key };
    },

    async listParts(file) {
      const entry = await fresh(file.id);
      const partSize = entry.transfer.part_size ?? 0;
      const parts = entry.transfer.parts ?? 1;
      return (entry.transfer.parts_done ?? []).map((part) => ({
        PartNumber: part,
        Size: part < parts ? partSize : entry.size - partSize * (parts - 1),
        ETag: `"part-${part}"`,
      }));
    },

    async signPart(file, { partNumber, body }) {
      const known = entries.get(file.id);
      if (!known) throw new Error('Upload was not initialised');
      const start = partStart(known, partNumber);
      const checked = known.transfer.part_checksum === 'sha256';
      const digest = digestsOf(file.id).part(start, start + body.size, checked);
      // Cancelled meanwhile, the digest is refused; the link's failure is what is reported.
      digest.catch(() => undefined);
      let link: PartLink | undefined;
      if (checked) {
        // S3 checks the part against the SHA-256 signed into its URL: the URL waits for it.
        const partUrls = known.links.part_urls ?? `${known.links.self}/parts`;
        link = await readSignedPart(partUrls, partNumber, (await digest).sha256 ?? '');
      } else {
        link = await findLink(file.id, partNumber);
      }
      owners.set(link.url, file.id);
      return {
        method: 'PUT',
        url: link.url,
        headers: {
          'Content-Type': 'application/octet-stream',
          'Content-MD5': (await digest).md5,
          ...link.headers,
        },
      };
    },

    async uploadPartBytes({ signature, body, onProgress, onComplete, signal }) {
      if (!(body instanceof Blob)) throw new Error('Only whole-file or part bodies are sent');
      try {
        const etag = await putBytes({
          url: signature.url,
          headers: signature.headers ?? {},
          body,
          signal,
          onProgress: onProgress as (event: { loaded: number; lengthComputable: boolean }) => void,
        });
        (onComplete as (etag: string) => void)(etag);
        return { ETag: etag };
      } catch (error) {
        if (error instanceof PartRequestError && error.source.status === 403) {
          const owner = owners.get(signature.url);
          if (owner) stale.add(owner);
        }
        throw error;
      }
    },

    async completeMultipartUpload(file) {
      const committed = await commit(file.id);
      return { location: committed.links.content ?? committed.links.self };
    },

    // Removing an unfinished file deletes it on the server (links.self), which aborts the upload.
    abortMultipartUpload: () => undefined,
  });

  // A whole-file (L) upload still needs its commit (API.md §2.5).
  uppy.on('upload-success', (file) => {
    if (!file) return;
    const entry = entries.get(file.id);
    if (!entry || entry.status === 'completed' || entry.transfer.type === 'M') return;
    commit(file.id).catch(() => undefined);
  });

  uppy.on('file-removed', (file) => {
    batches.forget(file.id);
    digests.get(file.id)?.close();
    digests.delete(file.id);
    entries.delete(file.id);
    commits.delete(file.id);
  });

  function resume(id: string, entry: DraftFile) {
    entries.set(id, entry);
    // With an upload id and key already set, the plugin lists the parts the
    // server holds (listParts above) and sends only the others.
    uppy.setFileState(id, {
      s3Multipart: { uploadId: entry.links.self, key: entry.key },
    } as Partial<UppyFile<UploadMeta, UploadBody>>);
  }

  return {
    uppy,
    setLanguage,
    committed: (id) => commits.get(id),
    entryOf: (id) => entries.get(id),
    resume,
  };
}
