import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1: about 50 ms on this class of machine, 32 MiB of memory.
// Under vitest only (the test runner sets VITEST in its workers; the server never reads the variable otherwise),
// TEST_SCRYPT_N may lower the cost for new hashes: the unit and route tests hash and verify thousands of passwords,
// and at 2^15 that alone cost minutes of CI. The cost is stored in each hash, so verification follows it.
const testN = process.env.VITEST ? Number(process.env.TEST_SCRYPT_N) : Number.NaN;
const N = Number.isInteger(testN) && testN >= 1024 ? testN : 32768;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, so parameters can grow later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export function generatePassword(): string {
  // Letters and digits, so it also passes the registration rule of spec section 5.
  return `${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x').slice(0, 10)}7a`;
}
