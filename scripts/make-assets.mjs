// Regenerates the web app's static assets that are made, not drawn: the default contact QR and the app icons. The
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


// The installable app's icons: the favicon's coin on the app's night blue, plain
// (192, 512) and maskable (512, the coin inside the safe zone's inner 80 %).
const { default: sharp } = await import('sharp');
// The Laos build's are the kip coin's, in public/kip/.
const NIGHT = { r: 11, g: 18, b: 32, alpha: 1 };
for (const folder of ['', 'kip/']) {
  const coin = fs.readFileSync(`${publicDir}${folder}favicon.svg`);
  for (const [name, size, coinShare] of [['icon-192.png', 192, 0.9], ['icon-512.png', 512, 0.9], ['icon-maskable-512.png', 512, 0.6]]) {
    const coinSize = Math.round(size * coinShare);
    const drawn = await sharp(coin, { density: 1200 }).resize(coinSize, coinSize).png().toBuffer();
    await sharp({ create: { width: size, height: size, channels: 4, background: NIGHT } })
      .composite([{ input: drawn, gravity: 'center' }])
      .png()
      .toFile(`${publicDir}${folder}${name}`);
  }
}

console.log('assets written to', publicDir);
