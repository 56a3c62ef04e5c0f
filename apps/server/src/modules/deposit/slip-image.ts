import sharp from 'sharp';
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

/** What a slip's check needs of its image: whether it can be read at all, and its QR's text. */
export interface SlipReading {
  tooSmallToRead: boolean;
  qr: string | null;
}

type Pixels = { data: Buffer; width: number; height: number };

function looksLikePngOrJpeg(bytes: Buffer): boolean {
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

/**
 * Accepts a PNG or JPEG by its content (never its name or declared type) and decodes it fully into
 * what is kept: upright, within the stored box, on white, sRGB, as RGBA. Null for anything else.
 */
async function decodeUpload(bytes: Buffer): Promise<Pixels | null> {
  if (!looksLikePngOrJpeg(bytes)) return null;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if ((metadata.format !== 'png' && metadata.format !== 'jpeg') || !metadata.width || !metadata.height) return null;
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return null;
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_SIDE_PX, height: STORED_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    if (metadata.hasAlpha) flattenOnWhite(data);
    return { data, width: info.width, height: info.height };
  } catch {
    // Truncated, corrupt, or not really the format its first bytes claim.
    return null;
  }
}

/**
 * Transparent pixels over white, in place, as libvips' flatten does (the same bytes), at a third of
 * its cost: a phone's screenshot is opaque, and libvips works every pixel in floating point.
 */
function flattenOnWhite(rgba: Buffer): void {
  for (let alphaAt = 3; alphaAt < rgba.length; alphaAt += 4) {
    const alpha = rgba[alphaAt]!;
    if (alpha === 255) continue;
    const white = 255 * (255 - alpha);
    for (let channel = alphaAt - 3; channel < alphaAt; channel += 1) rgba[channel] = ((rgba[channel]! * alpha + white) / 255) | 0;
    rgba[alphaAt] = 255;
  }
}

/**
 * A fresh JPEG of decoded pixels: metadata, trailing bytes and anything riding along in the upload
 * are gone. Huffman tables are not optimised: a sixth larger file for a quarter less encoding time.
 */
const toJpeg = ({ data, width, height }: Pixels) =>
  sharp(data, { raw: { width, height, channels: 4 } }).removeAlpha().jpeg({ quality: 90, optimiseCoding: false }).toBuffer();

/**
 * Accepts a PNG or JPEG by its content, decodes it fully and re-encodes it as a fresh JPEG: a
 * polyglot's HTML, a ZIP or metadata in the file are not in what we keep and serve.
 */
export async function reencodeUpload(bytes: Buffer): Promise<UploadCheck> {
  const pixels = await decodeUpload(bytes);
  return pixels ? { ok: true, image: await toJpeg(pixels) } : { ok: false };
}

/**
 * A slip's upload, re-encoded like any other, and read from the same decoded pixels: the image is
 * decoded once, where reading the stored JPEG back would decode it a second time.
 */
export async function reencodeAndReadSlip(
  reader: QrReader,
  bytes: Buffer,
): Promise<{ ok: true; image: Buffer; reading: SlipReading | undefined } | { ok: false }> {
  const pixels = await decodeUpload(bytes);
  if (!pixels) return { ok: false };
  const image = await toJpeg(pixels);
  // A reader that failed leaves the reading to the check, which reads the stored image again (and
  // whose failure leaves the slip to the sweep), as it would after a crash.
  const reading = await readPixels(reader, pixels).catch(() => undefined);
  return { ok: true, image, reading };
}

/** A stored slip read again (a check a crash or restart left unfinished). */
export async function readStoredSlip(reader: QrReader, image: Buffer): Promise<SlipReading> {
  const { data, info } = await sharp(image).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return readPixels(reader, { data, width: info.width, height: info.height });
}

async function readPixels(reader: QrReader, pixels: Pixels): Promise<SlipReading> {
  if (Math.min(pixels.width, pixels.height) < MIN_SIDE_PX) return { tooSmallToRead: true, qr: null };
  // PAYMENTS.md: sharp → RGBA → a QR reader.
  return { tooSmallToRead: false, qr: await reader.read(pixels) };
}
