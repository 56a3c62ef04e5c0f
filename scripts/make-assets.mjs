// Regenerates the web app's static assets that are made, not drawn: the default contact QR and
// the five how-to videos (SPEC §2 How-to). Needs ffmpeg (Debian package). The outputs are
// committed, so a fresh clone never runs this.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import QRCode from 'qrcode';

const publicDir = new URL('../apps/web/public/', import.meta.url).pathname;
fs.mkdirSync(`${publicDir}howto`, { recursive: true });

const qr = await QRCode.toString('https://line.me/R/ti/p/@bahtwallet', {
  type: 'svg',
  margin: 1,
  color: { dark: '#0b1220', light: '#ffffff' },
});
fs.writeFileSync(`${publicDir}contact-qr.svg`, qr);

const videos = [
  ['wallet', 'Wallet', '0x1e3a8a'],
  ['play', 'Play a game', '0x7c2d12'],
  ['balance', 'Check balance', '0x14532d'],
  ['bonus', 'Receive a bonus', '0x713f12'],
  ['end-bonus', 'End a bonus', '0x4c1d95'],
];
for (const [file, title, color] of videos) {
  execFileSync('ffmpeg', [
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', `color=c=${color}:s=360x640:d=4:r=24`,
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-vf',
    `drawbox=x=40:y=260:w=280:h=120:color=white@0.15:t=fill,` +
      `drawtext=text='${title}':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=300,` +
      `drawtext=text='%{eif\\:t+1\\:d} / 4':fontcolor=white@0.7:fontsize=22:x=(w-text_w)/2:y=345`,
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-profile:v', 'baseline', '-crf', '30',
    '-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart',
    `${publicDir}howto/${file}.mp4`,
  ]);
}
console.log('assets written to', publicDir);
