import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { communities } from '../../db/schema.communities.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, notFound } from '../errors.ts';
import type { CommunityKit, CommunityRow, CommunityView } from './kit.ts';
import { newLogoKey } from './logo-keys.ts';
import { contradicts, sniffLogoType } from './logo-types.ts';

export const LOGO_MAX_BYTES = 1024 * 1024;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A community's logo, in the storage every app server shares (local or S3).
 * Each upload is written under a key of its own and the community row names
 * the current one, with the type sniffed from those very bytes: concurrent
 * uploads never share a file, and the type always describes the bytes.
 */
export function logoOperations(kit: CommunityKit) {
  const { db, storage } = kit;
  // Where logos lived before they moved to storage: read once, then moved.
  const legacyFile = (id: string) => path.join(kit.dataDir, 'communities', 'logos', id);

  /** Points the row at `key` (or at nothing); answers the key it named before. */
  async function replaceKey(id: string, key: string | null, type: string | null) {
    return db.transaction(async (tx) => {
      const [before] = await tx
        .select({ key: communities.logoKey })
        .from(communities)
        .where(eq(communities.id, id))
        .for('update');
      const [updated] = await tx
        .update(communities)
        .set({ logoKey: key, logoType: type, updatedAt: new Date() })
        .where(eq(communities.id, id))
        .returning();
      return { previous: before?.key ?? null, updated: updated! };
    });
  }

  async function store(id: string, bytes: Buffer): Promise<string> {
    const key = newLogoKey(id);
    await storage.write(key, Readable.from([bytes]), { maxBytes: LOGO_MAX_BYTES });
    return key;
  }

  /** A logo stored on this server's disk before logos moved to storage: moved there on first read. */
  async function migrateLegacy(row: CommunityRow): Promise<Buffer> {
    const bytes = await readFile(legacyFile(row.id)).catch(() => null);
    if (!bytes) throw notFound();
    const key = await store(row.id, bytes);
    const moved = await db
      .update(communities)
      .set({ logoKey: key })
      .where(and(eq(communities.id, row.id), isNull(communities.logoKey)))
      .returning({ id: communities.id });
    if (moved.length === 0) await storage.remove(key);
    else await rm(legacyFile(row.id), { force: true });
    return bytes;
  }

  return {
    /** Stores a logo after checking its size and that it really is the image it says. */
    async setLogo(
      actor: Actor,
      idOrSlug: string,
      bytes: Buffer,
      declaredType?: string,
    ): Promise<CommunityView> {
      const row = await kit.authorized(actor, idOrSlug, 'canUpdate');
      if (bytes.length > LOGO_MAX_BYTES) {
        throw new DomainError('tooLarge', 'logoTooLarge', { params: { max: LOGO_MAX_BYTES } });
      }
      const type = sniffLogoType(bytes);
      if (!type) {
        throw new DomainError('invalid', 'logoType', {
          errors: [{ field: 'logo', messages: ['logoType'] }],
        });
      }
      // A client naming one image type for the bytes of another has sent the wrong file.
      if (contradicts(declaredType, type)) {
        throw new DomainError('invalid', 'logoType', {
          errors: [{ field: 'content-type', messages: ['logoType'] }],
        });
      }
      const key = await store(row.id, bytes);
      const { previous, updated } = await replaceKey(row.id, key, type).catch(
        async (error: unknown) => {
          await storage.remove(key);
          throw error;
        },
      );
      if (previous) await storage.remove(previous);
      return kit.viewOf(actor, updated);
    },

    async readLogo(actor: Actor, idOrSlug: string): Promise<{ type: string; bytes: Buffer }> {
      let row = await kit.readable(actor, idOrSlug);
      // A logo replaced between reading the row and its bytes: read the row again.
      for (let attempt = 0; attempt < 3; attempt++) {
        if (!row.logoType) throw notFound();
        if (!row.logoKey) return { type: row.logoType, bytes: await migrateLegacy(row) };
        const key = row.logoKey;
        const bytes = await storage
          .read(key)
          .then(bytesOf)
          .catch(() => null);
        if (bytes) return { type: row.logoType, bytes };
        row = await kit.readable(actor, row.id);
        if (row.logoKey === key) break;
      }
      throw notFound();
    },

    async deleteLogo(actor: Actor, idOrSlug: string): Promise<void> {
      const row = await kit.authorized(actor, idOrSlug, 'canUpdate');
      if (!row.logoType) throw notFound();
      const { previous } = await replaceKey(row.id, null, null);
      if (previous) await storage.remove(previous);
      await rm(legacyFile(row.id), { force: true });
    },
  };
}
