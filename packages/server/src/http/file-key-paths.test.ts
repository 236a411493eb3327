import { describe, expect, it } from 'vitest';
import { fileKeyUrl } from './file-key-paths.ts';

describe('file keys with folders in URLs', () => {
  const files = '/api/records/abc/draft/files';
  it('encodes the slashes of the key and keeps the route tail', () => {
    expect(fileKeyUrl('GET', `${files}/a/b.pdf`)).toBe(`${files}/a%2Fb.pdf`);
    expect(fileKeyUrl('GET', `${files}/a/b.pdf/content?x=1`)).toBe(
      `${files}/a%2Fb.pdf/content?x=1`,
    );
    expect(fileKeyUrl('PUT', `${files}/a/b.pdf/content/3`)).toBe(`${files}/a%2Fb.pdf/content/3`);
    expect(fileKeyUrl('GET', `${files}/a/b.pdf/parts/3?checksum=sha256:ab`)).toBe(
      `${files}/a%2Fb.pdf/parts/3?checksum=sha256:ab`,
    );
    expect(fileKeyUrl('POST', `${files}/a/b.pdf/commit`)).toBe(`${files}/a%2Fb.pdf/commit`);
    expect(fileKeyUrl('DELETE', `${files}/a/commit`)).toBe(`${files}/a%2Fcommit`);
    expect(fileKeyUrl('GET', '/api/records/abc/files/draft/x')).toBe(
      '/api/records/abc/files/draft%2Fx',
    );
  });

  it('leaves other URLs and plain keys alone', () => {
    for (const url of [`${files}/b.pdf/content`, `${files}`, '/api/records/abc', `${files}//a/b`]) {
      expect(fileKeyUrl('GET', url)).toBe(url);
    }
  });
});
