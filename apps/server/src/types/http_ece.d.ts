/** The part of http_ece (RFC 8188 encrypted content encoding) the sandbox push service uses; the package ships no types. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    /** Default aes128gcm, whose header carries the salt, the record size and the sender's public key. */
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair when decrypting (the sender's when encrypting). */
    privateKey?: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret?: string | Buffer;
    /** The other side's public key when encrypting. */
    dh?: string | Buffer;
    salt?: string | Buffer;
  }

  const ece: {
    decrypt(content: Buffer, params: EceParams): Buffer;
    encrypt(content: Buffer, params: EceParams): Buffer;
  };
  export default ece;
}
