// One file's digests off the page's thread. The page starts two of these per
// file (file-digests.ts): one is asked for parts (part-digest-queue.ts) and
// lends their bytes to the other, which hashes the file (file-sha256-queue.ts)
// and gives each buffer back to be read into again.
import type { DigestReply, DigestRequest } from './file-digests.ts';
import { createFileSha256Queue, type FileSha256Message } from './file-sha256-queue.ts';
import { createPartDigestQueue } from './part-digest-queue.ts';

const reply = (message: DigestReply) => self.postMessage(message);
const parts = createPartDigestQueue(reply);
const fileSha256 = createFileSha256Queue(reply);

self.onmessage = (event: MessageEvent<DigestRequest>) => {
  const message = event.data;
  switch (message.type) {
    case 'part':
      void parts.request(message);
      return;
    case 'hand-on':
      parts.handOnTo({
        lend: (start, bytes) =>
          message.port.postMessage({ type: 'bytes', start, bytes }, [bytes.buffer]),
        unlent: (start, end) => message.port.postMessage({ type: 'unlent', start, end }),
      });
      message.port.onmessage = (given: MessageEvent<ArrayBuffer>) => parts.giveBack(given.data);
      return;
    case 'take':
      message.port.onmessage = (bytes: MessageEvent<FileSha256Message>) =>
        void fileSha256.receive(bytes.data);
      fileSha256.giveBackTo((buffer) => message.port.postMessage(buffer, [buffer]));
      return;
    case 'file':
      parts.setFile(message.file);
      void fileSha256.receive(message);
      return;
    case 'coming':
    case 'bytes':
    case 'unlent':
    case 'parts-stopped':
    case 'digest':
      void fileSha256.receive(message);
  }
};
