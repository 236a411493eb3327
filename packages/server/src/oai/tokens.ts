import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a resumption token stays valid; it holds no server state, so this can be long. */
export const TOKEN_LIFETIME_MS = 24 * 3600_000;

const state = z.object({
  /** The verb it continues: ListIdentifiers, ListRecords or ListSets. */
  verb: z.string(),
  prefix: z.string(),
  set: z.string().optional(),
  /** The request's from and until, as given (their granularity kept). */
  from: z.string().optional(),
  until: z.string().optional(),
  /**
   * The last record sent: its publication time (PostgreSQL's text) and id, and the
   * snapshot its page was read in (publications it could not see are sent next).
   */
  after: z.object({
    publishedAt: z.string(),
    id: z.string(),
    snapshot: z
      .string()
      .regex(/^\d+:\d+:[\d,]*$/)
      .optional(),
  }),
  /** How many records came before the next page (the token's cursor attribute). */
  sent: z.number().int().min(0),
  /** Expiry, milliseconds since the epoch. */
  expires: z.number(),
});

export type TokenState = z.infer<typeof state>;

/**
 * Resumption tokens: the walk's whole state, signed so that a changed token is
 * refused (badResumptionToken) rather than read. Keyset state needs no server
 * memory, so records published or edited meanwhile never spoil a token.
 */
export function resumptionTokens(secret: string) {
  const key = createHmac('sha256', secret).update('oai-resumption-token').digest();
  const sign = (payload: string) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, 18).toString('base64url');

  return {
    issue(value: TokenState): string {
      const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The state of a genuine, unexpired token; undefined otherwise. */
    read(token: string, now = Date.now()): TokenState | undefined {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      const result = state.safeParse(parsed);
      if (!result.success || result.data.expires < now) return undefined;
      return result.data;
    },
  };
}

export type ResumptionTokens = ReturnType<typeof resumptionTokens>;
