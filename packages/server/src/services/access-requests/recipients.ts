import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** A user's address, language and the name others see. */
export async function account(db: Database, userId: number | string) {
  const id = Number(userId);
  if (!Number.isSafeInteger(id)) return undefined;
  const [user] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      visibility: users.visibility,
      email: users.email,
      locale: users.locale,
      fullName: users.fullName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, id));
  return user && { ...user, name: user.fullName || user.username || user.email };
}
