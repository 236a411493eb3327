import { vi } from 'vitest';

type Listener = (event: { loaded: number }) => void;

/**
 * Replaces XMLHttpRequest (the uploader's byte transfers) with one that
 * answers every request with `status`, a tick later. Returns the URLs sent to.
 */
export function fakeXhr(status = 200): string[] {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload = { addEventListener: () => undefined };
    private url = '';
    private listeners = new Map<string, Listener[]>();
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'etag' ? '"etag"' : null;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    send(body: Blob) {
      sent.push(this.url);
      setTimeout(() => {
        this.status = status;
        for (const listener of this.listeners.get('load') ?? []) listener({ loaded: body.size });
      }, 0);
    }
    abort() {
      for (const listener of this.listeners.get('abort') ?? []) listener({ loaded: 0 });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
