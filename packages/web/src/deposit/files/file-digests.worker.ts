// One file's digests off the page's thread (digest-queue.ts does the work).
import type { DigestRequest } from './file-digests.ts';
import { createDigestQueue } from './digest-queue.ts';

const queue = createDigestQueue((message) => self.postMessage(message));

self.onmessage = (event: MessageEvent<DigestRequest>) => {
  void queue.receive(event.data);
};
