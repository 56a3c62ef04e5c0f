// Regenerates the web app's static assets that are made, not drawn: the default contact QR. The
// five how-to videos are recordings of the real app: `npm run howto:videos`
// (scripts/make-howto-videos.mjs). The outputs are committed, so a fresh clone never runs this.
import fs from 'node:fs';
import QRCode from 'qrcode';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;

const qr = await QRCode.toString('https://line.me/R/ti/p/@bahtwallet', {
  type: 'svg',
  margin: 1,
  color: { dark: '#0b1220', light: '#ffffff' },
});
fs.writeFileSync(`${publicDir}contact-qr.svg`, qr);

console.log('assets written to', publicDir);
