import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './paths.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site', () => {
    expect(safeNextPath('/me/settings?tab=1')).toBe('/me/settings?tab=1');
  });

  it('refuses other origins and missing values', () => {
    expect(safeNextPath('https://evil.example')).toBe('/');
    expect(safeNextPath('//evil.example')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(null)).toBe('/');
  });
});

describe('loginPath', () => {
  it('carries the page to come back to', () => {
    expect(loginPath('/me/settings/tokens')).toBe('/login?next=%2Fme%2Fsettings%2Ftokens');
    expect(loginPath('/')).toBe('/login');
  });
});
