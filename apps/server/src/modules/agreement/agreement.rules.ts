import crypto from 'node:crypto';

/**
 * The agreement's version: a SHA-256 of its texts in every language, in order. Any change to any
 * language makes a new version (every member is asked again); writing the same texts again does not.
 */
export function agreementVersionOf(texts: readonly { lang: string; body: string }[]): string {
  return crypto.createHash('sha256').update(JSON.stringify(texts.map((text) => [text.lang, text.body]))).digest('hex');
}
