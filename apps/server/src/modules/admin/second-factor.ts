import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Wallet console';
const RECOVERY_CODES = 10;
/** One step either side: an authenticator clock a little off still signs in. */
const TOLERANCE_SECONDS = 30;

/** RFC 6238 codes from any authenticator app, and one-use recovery codes for a lost phone. */
export function createSecondFactor(options: { pepper: string; now: () => Date }) {
  const hashRecoveryCode = (code: string) => crypto.createHmac('sha256', options.pepper).update(code.toLowerCase()).digest('hex');

  return {
    async newSecret(username: string) {
      const secret = generateSecret();
      const uri = generateURI({ issuer: ISSUER, label: username, secret });
      return { secret, uri, qrcode: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
    },

    /** The code's time step when it is right now, else null. */
    async check(secret: string, code: string): Promise<number | null> {
      const result = await verify({ secret, token: code, epoch: Math.floor(options.now().getTime() / 1000), epochTolerance: TOLERANCE_SECONDS });
      return result.valid && 'timeStep' in result ? result.timeStep : null;
    },

    /** Shown to the operator once; only their keyed hashes are kept. */
    newRecoveryCodes(): { codes: string[]; hashes: string[] } {
      const codes = Array.from({ length: RECOVERY_CODES }, () => {
        const raw = crypto.randomBytes(8).toString('hex');
        return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
      });
      return { codes, hashes: codes.map(hashRecoveryCode) };
    },

    isRecoveryCodeShape: (code: string) => /^[0-9a-f]{5}-[0-9a-f]{5}$/i.test(code),
    hashRecoveryCode,
  };
}
export type SecondFactor = ReturnType<typeof createSecondFactor>;
