// `npm run howto:videos`: remakes the five how-to videos (SPEC §2 How-to) from the real app.
// It builds the web app, starts the real server on a fresh embedded database (e2e/server.mjs),
// drives the demo member through each task in Chromium at 390×844 with Playwright recording the
// screen, then turns each recording into a small H.264 mp4 with Thai captions burnt in (ffmpeg's
// subtitles filter, libass, with the app's own Noto Sans Thai font). Run it again when the
// screens change; the mp4s in apps/web/public/howto are committed.
//
// Needs ffmpeg and Chromium (Debian: apt-get install ffmpeg chromium). CHROMIUM_PATH and
// HOWTO_PORT (default 8187) override the browser and the port. `--only=wallet,play` makes some.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const outDir = path.join(root, 'apps/web/public/howto');
const port = Number(process.env.HOWTO_PORT ?? 8187);
const base = `http://127.0.0.1:${port}`;
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',');
const VIEWPORT = { width: 390, height: 844 };
const DEMO = { phone: '0812345678', password: 'demo1234' };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'howto-videos-'));

// Playwright records with an ffmpeg of its own download; Debian's ffmpeg does the same job, so it
// is offered at the place Playwright looks (PLAYWRIGHT_BROWSERS_PATH/ffmpeg-<revision>/ffmpeg-linux).
const require = createRequire(import.meta.url);
const { browsers } = JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('playwright-core/package.json')), 'browsers.json'), 'utf8'));
const ffmpegRevision = browsers.find((entry) => entry.name === 'ffmpeg').revision;
const systemFfmpeg = execFileSync('sh', ['-c', 'command -v ffmpeg'], { encoding: 'utf8' }).trim();
fs.mkdirSync(path.join(work, 'playwright', `ffmpeg-${ffmpegRevision}`), { recursive: true });
fs.symlinkSync(systemFfmpeg, path.join(work, 'playwright', `ffmpeg-${ffmpegRevision}`, 'ffmpeg-linux'));
process.env.PLAYWRIGHT_BROWSERS_PATH = path.join(work, 'playwright');
const { chromium } = await import('@playwright/test');

// libass reads the app's own Thai font (a .woff from @fontsource) from a folder of its own.
const fontsDir = path.join(work, 'fonts');
fs.mkdirSync(fontsDir);
const fontPackage = path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('@fontsource/noto-sans-thai/package.json'));
fs.copyFileSync(path.join(fontPackage, 'files/noto-sans-thai-thai-700-normal.woff'), path.join(fontsDir, 'NotoSansThai-Bold.woff'));

/**
 * The five tasks, in the order of the how-to page. Each step: a caption (Thai; shown from the
 * moment the step starts until the next one), then what the member does. The bonus screens are
 * not built yet (BonusPage says "coming soon"), so the two bonus videos show what exists today:
 * the conditions, the bonus tile and moving everything back to the wallet before ending a bonus.
 */
const VIDEOS = [
  {
    file: 'wallet',
    loggedIn: false,
    steps: [
      ['เข้าสู่ระบบด้วยเบอร์โทรศัพท์และรหัสผ่าน', async (page) => {
        await page.goto('/login');
        await page.locator('input[name="username"]').pressSequentially(DEMO.phone, { delay: 60 });
        await page.locator('input[name="password"]').pressSequentially(DEMO.password, { delay: 60 });
        await page.waitForTimeout(500);
        await page.getByTestId('login-submit').click();
        await page.getByTestId('total-balance').waitFor();
      }],
      ['หน้าแรกแสดงยอดเงินรวมและกระเป๋าหลัก', (page) => page.waitForTimeout(2200)],
      ['กด ฝากเงิน ดูบัญชีและช่องทางฝาก', async (page) => {
        await page.getByTestId('tile-deposit').click();
        await page.getByTestId('deposit-methods').waitFor();
        await page.waitForTimeout(1800);
        await page.mouse.wheel(0, 300);
        await page.waitForTimeout(1200);
        await page.keyboard.press('Escape');
      }],
      ['กด ถอนเงิน เพื่อถอนเข้าบัญชีธนาคาร', async (page) => {
        await page.getByTestId('tile-withdraw').click();
        await page.waitForTimeout(2600);
        await page.keyboard.press('Escape');
      }],
      ['กด โยกเงิน เพื่อย้ายเงินระหว่างกระเป๋ากับเกม', async (page) => {
        await page.getByTestId('open-transfer').click();
        await page.waitForTimeout(2600);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(600);
      }],
    ],
  },
  {
    file: 'play',
    loggedIn: true,
    steps: [
      ['เลือกค่ายเกมที่ต้องการเล่น', async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1200);
        await page.getByTestId('provider-PG').click();
      }],
      ['กด เปิดบัญชี ครั้งแรกครั้งเดียว', async (page) => {
        await page.getByTestId('activate-game').waitFor();
        await page.waitForTimeout(1500);
        await page.getByTestId('activate-game').click();
        await page.getByTestId('play-game').waitFor();
        await page.waitForTimeout(1200);
      }],
      ['ได้ชื่อผู้ใช้และรหัสผ่านของเกม กด เล่นเกม', async (page) => {
        await page.waitForTimeout(1800);
        await page.getByTestId('play-game').click();
        await page.waitForURL(/\/sandbox\/provider\/play/);
      }],
      ['ยอดเงินในกระเป๋าถูกโยกเข้าเกมให้อัตโนมัติ', async (page) => {
        await page.waitForTimeout(1800);
        await page.locator('[data-bet="10"]').click();
        await page.waitForTimeout(1500);
        await page.locator('[data-bet="10"]').click();
        await page.waitForTimeout(1500);
      }],
    ],
  },
  {
    file: 'balance',
    loggedIn: true,
    steps: [
      ['กลับมาหน้าแรกของกระเป๋า', async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1500);
      }],
      ['กด เช็คยอดเงิน เพื่ออัปเดตยอดจากทุกเกม', async (page) => {
        await page.waitForTimeout(800);
        await page.getByTestId('check-balance').click();
        await page.locator('[data-testid="check-balance"]:not([aria-busy])').waitFor();
        await page.waitForTimeout(1500);
      }],
      ['ดูเวลาอัปเดตล่าสุดและยอดในแต่ละเกม', async (page) => {
        await page.mouse.wheel(0, 420);
        await page.waitForTimeout(2200);
        await page.mouse.wheel(0, -420);
        await page.waitForTimeout(800);
      }],
      ['ดูรายการย้อนหลังได้ที่เมนู รายการ', async (page) => {
        await page.getByTestId('menu-statement').click();
        await page.getByTestId('statement-list').locator('li').first().waitFor();
        await page.waitForTimeout(4000);
      }],
    ],
  },
  {
    file: 'bonus',
    loggedIn: true,
    steps: [
      ['ก่อนรับโบนัส อ่านเงื่อนไขที่เมนู เงื่อนไข', async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1200);
        await page.getByTestId('menu-conditions').click();
        await page.getByTestId('conditions-list').waitFor();
        await page.waitForTimeout(3500);
      }],
      ['รับโบนัสแล้ว ยอดเงินจะติดเงื่อนไขการถอน', async (page) => {
        await page.waitForTimeout(1500);
        await page.getByTestId('conditions-confirm').click();
        await page.waitForTimeout(800);
      }],
      ['กดไอคอน โบนัส เพื่อเลือกโบนัสที่ต้องการ', async (page) => {
        await page.getByTestId('tile-bonus').click();
        await page.waitForURL(/\/user\/bonus/);
        await page.waitForTimeout(4000);
      }],
    ],
  },
  {
    file: 'end-bonus',
    loggedIn: true,
    steps: [
      ['ก่อนจบโบนัส ต้องย้ายเงินทุกเกมกลับกระเป๋าหลัก', async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(2200);
      }],
      ['กด ดึงเงินทั้งหมด', async (page) => {
        await page.getByTestId('tile-collect').click();
        await page.locator('[data-sonner-toast]').first().waitFor();
        await page.waitForTimeout(2500);
      }],
      ['ยอดเงินในเกมถูกย้ายกลับกระเป๋าหลักแล้ว', async (page) => {
        await page.mouse.wheel(0, 420);
        await page.waitForTimeout(1800);
        await page.mouse.wheel(0, -420);
        await page.waitForTimeout(800);
      }],
      ['จากนั้นจบโบนัสได้ที่หน้าโบนัส', async (page) => {
        await page.getByTestId('tile-bonus').click();
        await page.waitForURL(/\/user\/bonus/);
        await page.waitForTimeout(3500);
      }],
    ],
  },
];

function run(command, args, options = {}) {
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
}

async function waitForServer(child) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the server stopped while starting');
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no server at ${base}`);
}

const seconds = (ms) => Math.max(0, ms) / 1000;
function assTime(ms) {
  const total = seconds(ms);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = (total % 60).toFixed(2).padStart(5, '0');
  return `${hours}:${String(minutes).padStart(2, '0')}:${rest}`;
}

/** A caption bar over the app's top bar (which a how-to does not need): night blue, a gold rule. */
const CAPTION_BAR = 'drawbox=x=0:y=0:w=iw:h=58:color=0x0b1220@1:t=fill,drawbox=x=0:y=58:w=iw:h=2:color=0xf5c542@1:t=fill';

/** An ASS file: one line of white bold Thai per step, centred in the caption bar. */
function captionsFile(captions, end) {
  const lines = captions.map(({ at, text }, index) => {
    const until = index + 1 < captions.length ? captions[index + 1].at : end;
    return `Dialogue: 0,${assTime(at)},${assTime(until)},Caption,,0,0,0,,${text}`;
  });
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${VIEWPORT.width}`,
    `PlayResY: ${VIEWPORT.height}`,
    'WrapStyle: 0',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Caption,Noto Sans Thai,20,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,8,10,10,16,222',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...lines,
    '',
  ].join('\n');
}

async function logIn() {
  const response = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO.phone, password: DEMO.password }) });
  const { token } = await response.json();
  if (!token) throw new Error('demo login failed');
  return token;
}

async function record(browser, video) {
  const token = video.loggedIn ? await logIn() : null;
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: 'th-TH',
    recordVideo: { dir: path.join(work, video.file), size: VIEWPORT },
  });
  await context.addInitScript(
    ([savedToken]) => {
      localStorage.setItem('locale', 'th');
      localStorage.setItem('remember-agreement', 'true');
      if (savedToken && !sessionStorage.getItem('howto-started')) {
        sessionStorage.setItem('howto-started', '1');
        localStorage.setItem('token', savedToken);
      }
    },
    [token],
  );
  const page = await context.newPage();
  const opened = Date.now();
  // The recording starts on a blank page: the video is cut to start at the first screen.
  let firstLoad = null;
  page.once('load', () => {
    firstLoad = Date.now();
  });
  const captions = [];
  for (const [text, act] of video.steps) {
    captions.push({ at: Date.now() - opened, text });
    await act(page);
  }
  await page.waitForTimeout(600);
  const end = Date.now() - opened;
  await context.close();
  const trim = firstLoad === null ? 0 : Math.max(0, firstLoad - opened - 100);
  return {
    webm: await page.video().path(),
    trim,
    duration: end - trim,
    captions: captions.map(({ at, text }) => ({ at: Math.max(0, at - trim), text })),
  };
}

async function main() {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  for (const tool of ['ffmpeg', chromiumPath]) {
    try {
      execFileSync(tool, ['-version'], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is needed (Debian: apt-get install -y ffmpeg chromium)`);
    }
  }
  run('npm', ['run', 'build', '-w', '@wallet/web']);
  const server = spawn(process.execPath, ['e2e/server.mjs'], { cwd: root, env: { ...process.env, E2E_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForServer(server);
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      for (const video of VIDEOS) {
        if (only && !only.includes(video.file)) continue;
        const { webm, captions, duration, trim } = await record(browser, video);
        const ass = path.join(work, `${video.file}.ass`);
        fs.writeFileSync(ass, captionsFile(captions, duration));
        const mp4 = path.join(outDir, `${video.file}.mp4`);
        run('ffmpeg', [
          '-y', '-loglevel', 'error',
          '-i', webm,
          '-ss', String(seconds(trim)),
          '-vf', `fps=15,${CAPTION_BAR},subtitles=${ass}:fontsdir=${fontsDir}`,
          '-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-profile:v', 'main',
          '-an', '-movflags', '+faststart',
          mp4,
        ]);
        console.log(`${path.relative(root, mp4)}: ${(duration / 1000).toFixed(1)} s, ${Math.round(fs.statSync(mp4).size / 1024)} KB`);
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
