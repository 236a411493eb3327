import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fileObjects } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileWithObject } from './files.repository.ts';

/**
 * The files with their SHA-256 known: bytes stored before it was computed
 * beside the MD5 are read once, and their SHA-256 kept.
 */
export async function withSha256(
  db: Database,
  storage: Storage,
  files: FileWithObject[],
): Promise<(FileWithObject & { object: { sha256: string } })[]> {
  const known: (FileWithObject & { object: { sha256: string } })[] = [];
  for (const file of files) {
    let sha256 = file.object.sha256;
    if (sha256 === null) {
      const hashed = await storage.hash(file.object.storageKey);
      if (!hashed) throw new Error(`stored bytes of ${file.entry.key} are missing`);
      sha256 = hashed.sha256;
      await db.update(fileObjects).set({ sha256 }).where(eq(fileObjects.id, file.object.id));
    }
    known.push({ ...file, object: { ...file.object, sha256 } });
  }
  return known;
}
