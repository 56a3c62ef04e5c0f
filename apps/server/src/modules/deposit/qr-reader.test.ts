import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createQrReader } from './qr-reader.js';

const reader = createQrReader(1);
afterAll(() => reader.close());

/** A QR of the text, drawn on white at the size given, as RGBA pixels. */
async function qrPixels(text: string, size: number) {
  const png = await QRCode.toBuffer(text, { width: size, margin: 4 });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('the QR reader', () => {
  it('reads images of several sizes in turn, each with its own answer, and leaves the caller its pixels', async () => {
    const images = await Promise.all([qrPixels('first slip', 400), qrPixels('second slip', 520), qrPixels('third slip', 400)]);
    const before = images.map((image) => Buffer.from(image.data));
    for (let round = 0; round < 3; round += 1) {
      expect(await Promise.all(images.map((image) => reader.read(image)))).toEqual(['first slip', 'second slip', 'third slip']);
    }
    images.forEach((image, index) => expect(image.data.equals(before[index]!)).toBe(true));
  });

  it('answers null for an image without a QR, after one with', async () => {
    const blank = { data: Buffer.alloc(400 * 400 * 4, 255), width: 400, height: 400 };
    expect(await reader.read(await qrPixels('a slip', 400))).toBe('a slip');
    expect(await reader.read(blank)).toBeNull();
  });
});
