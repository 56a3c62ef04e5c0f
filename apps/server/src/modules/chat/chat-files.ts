import sharp from 'sharp';

export type ChatFileKind = 'image' | 'video';
export interface CheckedFile {
  bytes: Buffer;
  extension: 'jpg' | 'png' | 'gif' | 'mp4' | 'mov';
  contentType: string;
}
export class ChatFileRefused extends Error {
  constructor(readonly code: 'CHAT_FILE_UNSUPPORTED' | 'CHAT_FILE_TOO_LARGE') {
    super(code);
  }
}

const MAX_INPUT_PIXELS = 40_000_000;
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'mov']);

/** The name's extension, lower-cased; SPEC §5: a file without one is not supported. */
export const extensionOf = (filename: string): string | null => /\.([A-Za-z0-9]{1,5})$/.exec(filename)?.[1]?.toLowerCase() ?? null;

/**
 * Images are read by their content and re-encoded (whatever else the bytes carried, a polyglot's
 * script or a picture's metadata, is not kept): PNG stays PNG, JPEG stays JPEG, GIF stays GIF.
 */
export async function checkImage(bytes: Buffer, filename: string): Promise<CheckedFile> {
  const extension = extensionOf(filename);
  if (!extension || !IMAGE_EXTENSIONS.has(extension)) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
  }
  try {
    if (format === 'png') return { bytes: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().png().toBuffer(), extension: 'png', contentType: 'image/png' };
    if (format === 'jpeg') return { bytes: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate().jpeg({ quality: 85 }).toBuffer(), extension: 'jpg', contentType: 'image/jpeg' };
    if (format === 'gif') return { bytes: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: true }).gif().toBuffer(), extension: 'gif', contentType: 'image/gif' };
  } catch {
    throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
  }
  throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
}

/**
 * Videos are kept as sent, so they must be what they claim: an ISO base media file (MP4 or
 * QuickTime) whose top-level boxes run exactly to the end of the file, starting with `ftyp` and
 * holding a `moov`. A text file that merely starts with an MP4 signature fails the walk.
 */
export function checkVideo(bytes: Buffer, filename: string): CheckedFile {
  const extension = extensionOf(filename);
  if (!extension || !VIDEO_EXTENSIONS.has(extension)) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
  const boxes: string[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (!/^[a-z0-9 ]{4}$/i.test(type)) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
    if (size === 1) {
      if (offset + 16 > bytes.length) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
      size = Number(bytes.readBigUInt64BE(offset + 8));
    } else if (size === 0) size = bytes.length - offset;
    if (size < 8 || offset + size > bytes.length) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
    boxes.push(type);
    offset += size;
  }
  if (boxes[0] !== 'ftyp' || !boxes.includes('moov')) throw new ChatFileRefused('CHAT_FILE_UNSUPPORTED');
  const brand = bytes.toString('latin1', 8, 12);
  const quicktime = brand === 'qt  ';
  return { bytes, extension: quicktime ? 'mov' : 'mp4', contentType: quicktime ? 'video/quicktime' : 'video/mp4' };
}
