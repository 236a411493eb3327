// Messages between file-io.ts and its worker thread (file-io.worker.ts).

export type IoRequest =
  /**
   * Opens a file to write at `position`; `hash`: MD5 and SHA-256 the bytes as they come.
   * With `partEnd`: the bytes are one part of a multipart upload, ending there,
   * and feed the file's running MD5.
   */
  | {
      op: 'open';
      id: number;
      session: number;
      path: string;
      flags: 'wx' | 'r+';
      position: number;
      hash: boolean;
      partEnd?: number;
    }
  /** Bytes to append to a session (the buffers are transferred); answered by 'written'. */
  | { op: 'write'; session: number; buffers: ArrayBuffer[] }
  /** Waits for the writes, flushes them to the disk, closes; answers size and MD5. */
  | { op: 'close'; id: number; session: number }
  /** Stops a session: pending writes are dropped, the file is closed (not removed). */
  | { op: 'abort'; id: number; session: number }
  /** MD5 of a file, or of `start`..`end` (inclusive) of it. */
  | { op: 'hash'; id: number; path: string; start: number; end?: number }
  /** Size and running MD5 of a file whose parts went through 'open' with `partEnd`
   * (null when it does not vouch for the stored bytes); forgets it. */
  | { op: 'digest'; id: number; path: string }
  | { op: 'drop'; path: string }
  /** Asks whether the thread holds nothing (no session, no running MD5): it may then end. */
  | { op: 'retire'; id: number }
  /**
   * Small files read whole, each into its place in `memory` (a zip archive's
   * files, many per message); answered with their CRC-32s.
   */
  | {
      op: 'read';
      id: number;
      memory: SharedArrayBuffer;
      files: { path: string; at: number; size: number }[];
    };

export interface IoFailure {
  message: string;
  code: string | undefined;
}

export type IoReply =
  | {
      kind: 'done';
      id: number;
      result?: { size: number; md5: string | null; sha256: string | null } | null;
      /** The CRC-32s of the files a 'read' read, in its order. */
      crcs?: number[];
      /** To 'retire': the thread holds nothing and takes no more requests. */
      idle?: boolean;
      error?: IoFailure;
    }
  | { kind: 'written'; session: number; bytes: number; error?: IoFailure };
