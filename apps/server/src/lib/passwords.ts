import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id (value 2 of the library's const enum, which isolated modules cannot reference by name). */
const ARGON2ID = 2 as Algorithm;

/** argon2id hash with the library's OWASP-level defaults (19 MiB, 2 passes, 1 lane). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** True when `password` matches the stored hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
