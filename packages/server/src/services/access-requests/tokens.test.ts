import { describe, expect, it } from 'vitest';
import { VERIFICATION_LIFETIME_MS, accessRequestTokens } from './tokens.ts';

const tokens = accessRequestTokens('a'.repeat(64));
const claim = {
  recordId: 'abcde-12345',
  email: 'gina@guest.example',
  fullName: 'Gina Guest',
  message: 'Please "share" <it>.',
  consent: true,
};

describe('access request tokens', () => {
  it('carry the guest claim for 6 hours, then expire', () => {
    const now = Date.UTC(2030, 0, 1);
    const { token, claim: issued } = tokens.verificationToken(claim, now);
    expect(issued).toMatchObject(claim);
    expect(tokens.verifyVerification(token, now)).toEqual({ ok: true, claim: issued });
    expect(tokens.verifyVerification(token, now + VERIFICATION_LIFETIME_MS).ok).toBe(true);
    expect(tokens.verifyVerification(token, now + VERIFICATION_LIFETIME_MS + 1)).toEqual({
      ok: false,
      reason: 'expired',
    });
    // Two links for the same claim are told apart.
    expect(tokens.verificationToken(claim, now).claim.nonce).not.toBe(issued.nonce);
  });

  it('refuse a changed, forged or foreign token', () => {
    const { token } = tokens.verificationToken(claim);
    const [body, mac] = token.split('.') as [string, string];
    const changed = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('gina@', 'eve@'),
    ).toString('base64url');
    expect(tokens.verifyVerification(`${changed}.${mac}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(tokens.verifyVerification('garbage')).toEqual({ ok: false, reason: 'invalid' });
    const other = accessRequestTokens('b'.repeat(64));
    expect(other.verifyVerification(token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('name the request a guest follows, only when authentic', () => {
    const id = '3e0e6c1a-1111-4222-8333-944445555666';
    const token = tokens.requestToken(id);
    expect(tokens.verifyRequestToken(token)).toBe(id);
    expect(tokens.verifyRequestToken(`${id}.forged`)).toBeNull();
    expect(tokens.verifyRequestToken(id)).toBeNull();
    expect(accessRequestTokens('b'.repeat(64)).verifyRequestToken(token)).toBeNull();
  });
});
