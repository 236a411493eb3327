import { Transform, type TransformCallback } from 'node:stream';

/** The first hold, and the least it grows by: few database round trips for small files. */
const FIRST_HOLD = 64 * 1024;

/**
 * Asks to hold `wanted` bytes of quota for an upload that has received
 * `needed`; answers what it now holds (at least `needed`), or throws the
 * refusal when not even `needed` fits.
 */
export type Reserve = (needed: number, wanted: number) => Promise<number>;

/**
 * Passes an upload of unknown size through, holding quota ahead of its bytes:
 * a chunk goes on only once the quota holds room for it, so concurrent uploads
 * of one record (on any app server: the hold is a database row) can never
 * store more than the quota together. The hold at most doubles what arrived.
 */
export function reservingStream(reserve: Reserve): Transform {
  let received = 0;
  let held = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      received += chunk.length;
      if (received <= held) return done(null, chunk);
      const wanted = Math.max(received + FIRST_HOLD, 2 * received);
      reserve(received, wanted).then(
        (granted) => {
          held = granted;
          done(null, chunk);
        },
        (error: unknown) => done(error as Error),
      );
    },
  });
}
