import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local.storage.ts';
import type { Storage } from './storage.ts';

export type { Storage } from './storage.ts';

/**
 * The configured storage backend. The S3 SDK is imported on first use and
 * only when S3 is configured, so a local installation never loads it.
 */
export function createStorage(config: Config): Storage {
  const settings = config.storage;
  if (settings.kind === 'local') return createLocalStorage(path.join(config.dataDir, 'files'));
  let backend: Promise<Storage> | undefined;
  const s3 = () =>
    (backend ??= import('./s3.storage.ts').then(({ createS3Storage }) =>
      createS3Storage(settings.s3),
    ));
  return {
    kind: 's3',
    partChecksums: settings.s3.checksums,
    write: async (...args) => (await s3()).write(...args),
    read: async (...args) => (await s3()).read(...args),
    readFiles: async (...args) => (await s3()).readFiles(...args),
    hash: async (...args) => (await s3()).hash(...args),
    remove: async (...args) => (await s3()).remove(...args),
    startMultipart: async (...args) => (await s3()).startMultipart(...args),
    partUrl: async (...args) => (await s3()).partUrl(...args),
    writePart: async (...args) => (await s3()).writePart(...args),
    heldParts: async (...args) => (await s3()).heldParts(...args),
    partSha256: async (...args) => (await s3()).partSha256(...args),
    completeMultipart: async (...args) => (await s3()).completeMultipart(...args),
    abortMultipart: async (...args) => (await s3()).abortMultipart(...args),
    // Interrupted S3 uploads leave nothing visible: an object appears only when complete.
    sweepTemporary: () => Promise.resolve(),
    async *list() {
      yield* (await s3()).list();
    },
    lastModified: async (...args) => (await s3()).lastModified(...args),
  };
}
