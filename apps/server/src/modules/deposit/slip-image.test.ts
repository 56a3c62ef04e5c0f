import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { QrReader } from './qr-reader.js';
import { reencodeAndReadSlip } from './slip-image.js';

/** A reader that keeps the pixels a slip's check hands it and finds no QR. */
function keepingReader(): QrReader & { seen: Uint8Array[] } {
  const seen: Uint8Array[] = [];
  return {
    seen,
    read: async ({ data }) => {
      seen.push(data);
      return null;
    },
    close: async () => undefined,
  };
}

/** An image of every alpha over a strip of colours, so each blend of colour and opacity is met. */
async function translucentPng(): Promise<Buffer> {
  const width = 256;
  const height = 240;
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      pixels[at] = y;
      pixels[at + 1] = 255 - y;
      pixels[at + 2] = (x * 7 + y) % 256;
      pixels[at + 3] = x;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } }).png().toBuffer();
}

describe('a slip image with transparency', () => {
  it('is read over white, pixel for pixel as libvips flattens it', async () => {
    const png = await translucentPng();
    const reader = keepingReader();
    const result = await reencodeAndReadSlip(reader, png);
    expect(result.ok).toBe(true);
    const expected = await sharp(png).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer();
    const seen = Buffer.from(reader.seen[0]!);
    expect(seen.length).toBe(expected.length);
    const firstDifference = seen.findIndex((byte, at) => byte !== expected[at]);
    expect(firstDifference).toBe(-1);
  });

  it('is stored as a JPEG over white, not over black', async () => {
    const clear = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const result = await reencodeAndReadSlip(keepingReader(), clear);
    if (!result.ok) throw new Error('a transparent PNG is an image');
    const stored = await sharp(result.image).metadata();
    expect(stored.format).toBe('jpeg');
    const { channels } = await sharp(result.image).stats();
    for (const channel of channels) expect(channel.min).toBeGreaterThanOrEqual(250);
  });
});
