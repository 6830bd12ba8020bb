import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashes', () => {
  it('verify with the cost stored in each hash, so production hashes (N=2^15) still verify under the tests’ cheaper cost', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Secret99', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const production = `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('Secret99', production)).toBe(true);
    expect(await verifyPassword('Secret98', production)).toBe(false);

    const made = await hashPassword('Secret99');
    // vitest.config.ts sets TEST_SCRYPT_N=1024; the server outside vitest ignores it and uses 2^15.
    expect(made.split('$')[1]).toBe(process.env.TEST_SCRYPT_N ?? '32768');
    expect(await verifyPassword('Secret99', made)).toBe(true);
    expect(await verifyPassword('secret99', made)).toBe(false);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$10$abc')).toBe(false);
  });
});
