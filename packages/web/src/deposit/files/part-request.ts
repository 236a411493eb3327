import { currentRequestLanguage, readCookie } from '../../api/client.ts';

// One PUT of bytes with progress, for whole files (L) and parts (M). XHR
// rather than fetch: fetch reports no upload progress.

export interface PutOptions {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  signal?: AbortSignal;
  onProgress: (event: { loaded: number; lengthComputable: boolean }) => void;
}

/** Carries `source.status`, which Uppy reads to decide on a retry. */
export class PartRequestError extends Error {
  readonly source: { status: number };
  constructor(status: number, message: string) {
    // Uppy retries a 403 with this message after the part's URL is signed again.
    super(status === 403 ? 'Request has expired' : message);
    this.source = { status };
    this.serverMessage = message;
  }
  readonly serverMessage: string;
}

const sameOrigin = (url: string) =>
  new URL(url, window.location.href).origin === window.location.origin;

/** Our own server wants the CSRF header; a presigned storage URL must not get cookies. */
export function putBytes({ url, headers, body, signal, onProgress }: PutOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (sameOrigin(url)) {
      const csrf = readCookie('csrftoken');
      if (csrf) xhr.setRequestHeader('X-CSRFToken', csrf);
      // Our server words a refusal in the interface language, as for every other call.
      const language = currentRequestLanguage();
      if (language) xhr.setRequestHeader('Accept-Language', language);
    }
    xhr.upload.addEventListener('progress', (event) =>
      onProgress({ loaded: event.loaded, lengthComputable: true }),
    );
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ loaded: body.size, lengthComputable: true });
        // Our server answers the file JSON; storage answers an ETag. Either marks the part done.
        resolve(xhr.getResponseHeader('ETag') ?? `"uploaded"`);
        return;
      }
      let message = '';
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof parsed.message === 'string') message = parsed.message;
      } catch {
        // Not JSON (storage XML): the generic upload message is shown instead.
      }
      reject(new PartRequestError(xhr.status, message));
    });
    xhr.addEventListener('error', () => reject(new PartRequestError(0, '')));
    xhr.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
