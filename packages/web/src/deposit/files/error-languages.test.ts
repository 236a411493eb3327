import { afterEach, describe, expect, it, vi } from 'vitest';
import deMessages from '../../../../schema/src/locales/de.json';
import { errorMessages } from '@arca/schema/messages';
import { setRequestLanguage } from '../../api/client.ts';
import { switchLanguage } from '../../i18n/index.ts';
import { rememberErrorLanguage, uploadErrorIn } from './error-languages.ts';
import { putBytes } from './part-request.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  setRequestLanguage('en');
  await switchLanguage('en');
});

describe('a failed upload’s message', () => {
  it('is shown in the language switched to, from the language it was worded in', async () => {
    await switchLanguage('de');
    rememberErrorLanguage('uppy-file-1', 'en');
    expect(uploadErrorIn('uppy-file-1', errorMessages.payloadTooLarge, 'de')).toBe(
      deMessages.errors.payloadTooLarge,
    );
    // A message the catalogue does not hold stays as the server wrote it.
    expect(uploadErrorIn('uppy-file-1', 'Disk on fire.', 'de')).toBe('Disk on fire.');
    expect(uploadErrorIn('uppy-file-1', undefined, 'de')).toBeUndefined();
  });

  it('comes worded in the interface language: part uploads to our server send it', async () => {
    const sent: Record<string, string> = {};
    class RecordingRequest {
      status = 413;
      responseText = JSON.stringify({ status: 413, message: 'Zu groß.' });
      upload = { addEventListener: () => undefined };
      private onLoad: () => void = () => undefined;
      open() {}
      setRequestHeader(name: string, value: string) {
        sent[name] = value;
      }
      addEventListener(type: string, listener: () => void) {
        if (type === 'load') this.onLoad = listener;
      }
      getResponseHeader() {
        return null;
      }
      send() {
        this.onLoad();
      }
    }
    vi.stubGlobal('XMLHttpRequest', RecordingRequest);
    setRequestLanguage('de');
    const upload = putBytes({
      url: '/api/records/r1/draft/files/a.csv/content',
      headers: {},
      body: new Blob(['x']),
      onProgress: () => undefined,
    });
    await expect(upload).rejects.toMatchObject({ serverMessage: 'Zu groß.' });
    expect(sent['Accept-Language']).toBe('de');
  });
});
