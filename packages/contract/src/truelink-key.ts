/**
 * The TrueMoney gift link's shared key's default; real builds set TRUELINK_KEY / VITE_TRUELINK_KEY.
 * A module of its own, without zod: the member app's deposit form reads it, and neither the first
 * screen nor the form should build the contract's schemas for it.
 */
export const DEFAULT_TRUELINK_KEY = 'dev-truelink-shared-key';
