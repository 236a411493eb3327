import { randomBytes } from 'node:crypto';

/**
 * Where an object's bytes are stored: a fresh name for every upload, so a key
 * is written once and never rewritten (storage.ts).
 */
export const newStorageKey = (objectId: string) =>
  `${objectId.slice(0, 2)}/${objectId}-${randomBytes(4).toString('hex')}`;

// The shape `newStorageKey` gives, with anything a backend appends (a local temporary name).
const MADE_HERE =
  /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}(\.|$)/;

/** A stored name Arca gave: the sweep never touches anything else a bucket may hold. */
export const isStorageKey = (key: string) => MADE_HERE.test(key);
