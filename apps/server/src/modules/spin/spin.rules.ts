import crypto from 'node:crypto';

/**
 * The spin wheel's verifiable draw, commit-reveal as provably-fair games do: the
 * server commits to a secret seed by showing its SHA-256 before any spin; each spin's draw is
 * HMAC-SHA256(server seed, "client seed:nonce") mapped onto the campaign's weights; when the member
 * rotates the seed, the old one is revealed and every earlier spin can be recomputed.
 */
export const newServerSeed = (): string => crypto.randomBytes(32).toString('hex');
export const seedHash = (serverSeed: string): string => crypto.createHash('sha256').update(serverSeed).digest('hex');

/** The draw in [0, 1): the HMAC's first 52 bits, as many as a double holds exactly. */
export function drawFraction(serverSeed: string, clientSeed: string, nonce: number): number {
  const digest = crypto.createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
  const bits = (BigInt(`0x${digest.subarray(0, 7).toString('hex')}`) >> 4n) & ((1n << 52n) - 1n);
  return Number(bits) / 2 ** 52;
}

/** The slice a draw lands on: slices take parts of [0, total weight) in order, each as wide as its weight. */
export function sliceForDraw(fraction: number, weights: readonly number[]): number {
  if (weights.length === 0 || weights.some((weight) => !Number.isInteger(weight) || weight < 0)) throw new RangeError('weights must be whole numbers ≥ 0');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) throw new RangeError('weights must not all be 0');
  const point = Math.floor(fraction * total);
  let reached = 0;
  for (const [index, weight] of weights.entries()) {
    reached += weight;
    if (point < reached) return index;
  }
  return weights.length - 1;
}

/** What a member checks afterwards: the revealed seed matches the hash shown, and it gives the same slice. */
export function verifySpin(spin: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; weights: readonly number[]; slice: number }): boolean {
  return seedHash(spin.serverSeed) === spin.serverSeedHash && sliceForDraw(drawFraction(spin.serverSeed, spin.clientSeed, spin.nonce), spin.weights) === spin.slice;
}
