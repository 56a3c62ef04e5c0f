import { DEFAULT_TRUELINK_KEY } from '@wallet/contract';

const SHARED_KEY: string = import.meta.env.VITE_TRUELINK_KEY ?? DEFAULT_TRUELINK_KEY;

/**
 * SPEC §7: the gift link travels encrypted with the shared key: AES-256-GCM, key = SHA-256 of the
 * secret, base64 of iv(12) ‖ ciphertext ‖ tag(16) (Web Crypto appends the tag). This is
 * obfuscation (the key ships in this bundle); TLS protects the link.
 */
export async function encryptTruelink(link: string, secret = SHARED_KEY): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  const key = await crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(link)));
  const bytes = new Uint8Array(iv.length + sealed.length);
  bytes.set(iv);
  bytes.set(sealed, iv.length);
  return btoa(String.fromCharCode(...bytes));
}
