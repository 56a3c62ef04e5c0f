import argon2 from 'argon2';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id; `fast` lowers the cost for test suites only (config FAST_HASH). */
export function createPasswordHasher(options: { fast: boolean }): PasswordHasher {
  const cost = options.fast
    ? { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { type: argon2.argon2id };
  return {
    hash: (password) => argon2.hash(password, cost),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}

/**
 * Checks a password against an account's hash, or against a decoy hash when there is no such
 * account, so that the answer takes as long either way and timing does not tell who exists.
 */
export function createCredentialCheck(hasher: PasswordHasher) {
  const decoyHash = hasher.hash('decoy-password-for-unknown-accounts');
  return async (hash: string | undefined, password: string): Promise<boolean> => {
    const matches = await hasher.verify(hash ?? (await decoyHash), password);
    return hash !== undefined && matches;
  };
}
