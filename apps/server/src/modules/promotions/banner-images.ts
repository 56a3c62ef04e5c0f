import crypto from 'node:crypto';
import type { UploadStorage } from '../../adapters/upload-storage.js';
import { reencodeUpload } from '../deposit/slip-image.js';

/** Banners are public pictures (the home carousels and bonus cards): served by an unguessable name, no token. */
export const bannerUrl = (file: string) => `/api/banners/image/${file}`;
export const BANNER_FILE = /^[0-9a-f-]{36}\.jpg$/;

/** Accepts a PNG or JPEG by content and keeps it re-encoded, like slips (nothing riding along survives). */
export async function storeBannerImage(storage: UploadStorage, bytes: Buffer): Promise<string | null> {
  const checked = await reencodeUpload(bytes);
  if (!checked.ok) return null;
  const file = `${crypto.randomUUID()}.jpg`;
  await storage.put(`banners/${file}`, checked.image);
  return file;
}

export const readBannerImage = (storage: UploadStorage, file: string) => storage.get(`banners/${file}`);
