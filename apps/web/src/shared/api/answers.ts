import type * as schemas from './answer-schemas';

/**
 * An answer's schema by name, as a loader: the call starts its request and the schemas' chunk
 * together, and parses once both are in. The first call of a visit fetches the chunk (zod with
 * the member app's schemas); every later one finds it loaded.
 */
export const schemaOf =
  <Name extends keyof typeof schemas>(name: Name) =>
  () =>
    import('./answer-schemas').then((loaded) => loaded[name]);
