import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { communities } from '../../db/schema.communities.ts';
import type { Actor } from '../../permissions/records.policy.ts';
import { DomainError, notFound } from '../errors.ts';
import type { CommunityKit, CommunityView } from './kit.ts';

export const LOGO_MAX_BYTES = 1024 * 1024;
// Recognised by their first bytes, not by what the client claims.
const LOGO_SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

/** A community's logo, one file per community under the data directory. */
export function logoOperations(kit: CommunityKit) {
  const { db } = kit;
  const logoDir = path.join(kit.dataDir, 'communities', 'logos');

  return {
    /** Stores a logo after checking its size and that it really is an image. */
    async setLogo(actor: Actor, idOrSlug: string, bytes: Buffer): Promise<CommunityView> {
      const row = await kit.authorized(actor, idOrSlug, 'canUpdate');
      if (bytes.length > LOGO_MAX_BYTES) {
        throw new DomainError('tooLarge', 'logoTooLarge', { params: { max: LOGO_MAX_BYTES } });
      }
      const type = LOGO_SIGNATURES.find(([, matches]) => matches(bytes))?.[0];
      if (!type) throw new DomainError('invalid', 'logoType');
      await mkdir(logoDir, { recursive: true });
      // Written aside then renamed: a reader never sees half a logo.
      const file = path.join(logoDir, row.id);
      await writeFile(`${file}.tmp`, bytes);
      await rename(`${file}.tmp`, file);
      const [updated] = await db
        .update(communities)
        .set({ logoType: type, updatedAt: new Date() })
        .where(eq(communities.id, row.id))
        .returning();
      return kit.viewOf(actor, updated!);
    },

    async readLogo(actor: Actor, idOrSlug: string): Promise<{ type: string; bytes: Buffer }> {
      const row = await kit.readable(actor, idOrSlug);
      if (!row.logoType) throw notFound();
      return { type: row.logoType, bytes: await readFile(path.join(logoDir, row.id)) };
    },

    async deleteLogo(actor: Actor, idOrSlug: string): Promise<void> {
      const row = await kit.authorized(actor, idOrSlug, 'canUpdate');
      if (!row.logoType) throw notFound();
      await db.update(communities).set({ logoType: null }).where(eq(communities.id, row.id));
      await rm(path.join(logoDir, row.id), { force: true });
    },
  };
}
