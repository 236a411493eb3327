import { describe, expect, it } from 'vitest';
import { extensionOf, keyProblem, mimetypeOf, normalizeKey } from './keys.ts';
import { createPartSigner } from './part-signatures.ts';

describe('file keys', () => {
  it('accepts ordinary names, Unicode included', () => {
    for (const key of [
      'data.csv',
      'résumé 2025.pdf',
      '数据.txt',
      '.hidden',
      'a..b',
      'folder/test.pdf',
      'a/b/c.txt',
    ]) {
      expect(keyProblem(key), key).toBeNull();
    }
  });

  it('refuses traversal, absolute paths, control characters and padding', () => {
    for (const key of [
      '../x',
      '/etc/passwd',
      'a//b',
      'a/',
      'a/../b',
      'a/./b',
      'a\\b',
      'C:\\x',
      '.',
      '..',
      'tab\there',
      ' x',
      'x ',
    ]) {
      expect(keyProblem(key), key).toBe('invalidFileKey');
    }
    expect(keyProblem('')).toBe('fileKeyRequired');
    expect(keyProblem('x'.repeat(256))).toBe('invalidFileKey');
  });

  it('compares names in NFC and knows their types', () => {
    expect(normalizeKey('cafe\u0301')).toBe('caf\u00e9');
    expect(mimetypeOf('a.csv')).toBe('text/csv');
    expect(mimetypeOf('a.unknownext')).toBe('application/octet-stream');
    expect(extensionOf('A.TIF')).toBe('tif');
    expect(extensionOf('README')).toBeNull();
  });
});

describe('part URL signatures', () => {
  const signer = createPartSigner('secret');
  it('accepts its own signature until it expires, and nothing else', () => {
    const expires = Math.floor(Date.now() / 1000) + 60;
    const signature = signer.sign('object', 2, expires);
    expect(signer.check('object', 2, expires, signature)).toBe('valid');
    expect(signer.check('object', 3, expires, signature)).toBe('invalid');
    expect(signer.check('other', 2, expires, signature)).toBe('invalid');
    expect(signer.check('object', 2, expires + 1, signature)).toBe('invalid');
    expect(createPartSigner('another').check('object', 2, expires, signature)).toBe('invalid');
    expect(signer.check('object', 2, expires, signature, (expires + 1) * 1000)).toBe('expired');
  });
});
