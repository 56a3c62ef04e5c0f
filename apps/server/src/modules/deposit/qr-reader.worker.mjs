// One thread of the QR reader pool (qr-reader.ts): finds the QR in a decoded RGBA image.
// Plain JavaScript: worker threads start without the TypeScript loader the server runs under.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import jsQRModule from 'jsqr';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
const jsQR = jsQRModule.default ?? jsQRModule;
// The package would fetch its WebAssembly from a CDN; the server reads the copy it installed.
const wasm = fs.readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
await prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
  fireImmediately: true,
});

/**
 * ZXing-C++ reads a slip's QR in a tenth of jsQR's time; jsQR then looks at what ZXing could not
 * read, so no slip read before is left unread.
 * @param {{ data: Uint8ClampedArray; width: number; height: number }} image RGBA, 4 bytes a pixel
 * @returns {Promise<string | null>}
 */
async function readQr({ data, width, height }) {
  const [found] = await readBarcodes({ data, width, height, colorSpace: 'srgb' }, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  if (found?.isValid && found.text) return found.text;
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The QR's text, with the image's pixels moved back to be filled again. */
export default async function readAndReturn(image) {
  const text = await readQr(image);
  const pixels = image.data.buffer;
  return move({ [transferableSymbol]: [pixels], [valueSymbol]: { text, pixels } });
}
