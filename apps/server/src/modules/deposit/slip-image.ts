import sharp, { type Sharp } from 'sharp';
import type { QrReader } from './qr-reader.js';

/** DESIGN §6: slips are images of at most 10 MB. */
export const SLIP_MAX_BYTES = 10 * 1024 * 1024;
/**
 * A phone screenshot is about 2.5 megapixels; a photo 12–50. Anything declaring more is refused
 * before it is decoded, so a small file claiming a huge size cannot eat the server's memory.
 */
const MAX_INPUT_PIXELS = 60_000_000;
/** Below this a slip's text and QR cannot be made out (SPEC §8 IMG_SIZE_UNABLE_TO_PROCESS). */
const MIN_SIDE_PX = 200;
/** Stored images are scaled into this box: enough for the QR and for a person to read the slip. */
const STORED_MAX_SIDE_PX = 2000;

export type UploadCheck = { ok: true; image: Buffer } | { ok: false };

function looksLikePngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * Accepts a PNG or JPEG by its content (never its name or declared type), decodes it fully and
 * re-encodes it as a fresh JPEG: metadata, trailing bytes and anything else riding along in the
 * file (a polyglot's HTML, a ZIP) are gone from what we keep and serve.
 */
export async function reencodeUpload(bytes: Buffer): Promise<UploadCheck> {
  if (!looksLikePngOrJpeg(bytes)) return { ok: false };
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if ((metadata.format !== 'png' && metadata.format !== 'jpeg') || !metadata.width || !metadata.height) return { ok: false };
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return { ok: false };
    const image = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_SIDE_PX, height: STORED_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90 })
      .toBuffer();
    return { ok: true, image };
  } catch {
    // Truncated, corrupt, or not really the format its first bytes claim.
    return { ok: false };
  }
}

export async function isTooSmallToRead(image: Buffer): Promise<boolean> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return Math.min(width, height) < MIN_SIDE_PX;
}

async function findQr(reader: QrReader, image: Sharp): Promise<string | null> {
  const { data, info } = await image.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) return null;
  // A copy of its own, handed over to the reader's thread without a second one.
  return reader.read({ data: new Uint8ClampedArray(data), width: info.width, height: info.height });
}

/** The text of the QR on a slip, or null when none can be read (PAYMENTS.md: sharp → RGBA → a QR reader). */
export async function readQr(reader: QrReader, image: Buffer): Promise<string | null> {
  // A second look at higher contrast helps with photos of slips taken off a screen.
  return (await findQr(reader, sharp(image))) ?? (await findQr(reader, sharp(image).greyscale().normalise()));
}
