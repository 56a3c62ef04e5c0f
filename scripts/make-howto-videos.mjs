// `npm run howto:videos`: remakes the five how-to videos (SPEC §2 How-to) of each build from the
// real app. For the Thai build and then the Laos build it builds the web app, starts the real
// server on a fresh embedded database (e2e/server.mjs), drives a member through each task in
// Chromium at 390×844 with Playwright recording the screen, then turns each recording into a small
// H.264 mp4 with captions burnt in (ffmpeg's subtitles filter, libass, with the app's own Noto Sans
// Thai or Lao font): Thai captions and baht in apps/web/public/howto, Lao captions and kip in
// apps/web/public/howto/la. Run it again when the screens change; the mp4s are committed.
//
// Needs ffmpeg and Chromium (Debian: apt-get install ffmpeg chromium). CHROMIUM_PATH and
// HOWTO_PORT (default 8187) override the browser and the port. `--only=wallet,play` makes some,
// `--site=th` or `--site=la` one build's.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(new URL('..', import.meta.url).pathname);
const port = Number(process.env.HOWTO_PORT ?? 8187);
const base = `http://127.0.0.1:${port}`;
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7).split(',');
const onlySite = process.argv.find((arg) => arg.startsWith('--site='))?.slice(7);
const VIEWPORT = { width: 390, height: 844 };
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

// libass reads the app's own Thai and Lao fonts (.woff from @fontsource) from a folder of its own.
const fontsDir = path.join(work, 'fonts');
fs.mkdirSync(fontsDir);
const fontFile = (family, file) => path.join(path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve(`@fontsource/${family}/package.json`)), 'files', file);
fs.copyFileSync(fontFile('noto-sans-thai', 'noto-sans-thai-thai-700-normal.woff'), path.join(fontsDir, 'NotoSansThai-Bold.woff'));
fs.copyFileSync(fontFile('noto-sans-lao', 'noto-sans-lao-lao-700-normal.woff'), path.join(fontsDir, 'NotoSansLao-Bold.woff'));

/**
 * Each build: its demo member, its language and money, where its videos go, the bonus it offers,
 * a deposit that qualifies for it (method and amount), and its captions (one per step, by task).
 */
const SITES = {
  th: {
    outDir: path.join(root, 'apps/web/public/howto'),
    language: 'th',
    font: 'Noto Sans Thai',
    demo: { phone: '0812345678', password: 'demo1234' },
    newPhone: () => `09${String(Date.now()).slice(-8)}`,
    bank: { bankCode: 'SCB', bankAccountName: 'HOWTO MEMBER' },
    bonus: 'WELCOME50',
    deposit: { method: 'KBANK', amount: 200, stake: 300, loss: 290 },
    captions: {
      wallet: ['เข้าสู่ระบบด้วยเบอร์โทรศัพท์และรหัสผ่าน', 'หน้าแรกแสดงยอดเงินรวมและกระเป๋าหลัก', 'กด ฝากเงิน ดูบัญชีและช่องทางฝาก', 'กด ถอนเงิน เพื่อถอนเข้าบัญชีธนาคาร', 'กด โยกเงิน เพื่อย้ายเงินระหว่างกระเป๋ากับเกม'],
      play: ['เลือกค่ายเกมที่ต้องการเล่น', 'กด เปิดบัญชี ครั้งแรกครั้งเดียว', 'ได้ชื่อผู้ใช้และรหัสผ่านของเกม กด เล่นเกม', 'ยอดเงินในกระเป๋าถูกโยกเข้าเกมให้อัตโนมัติ'],
      balance: ['กลับมาหน้าแรกของกระเป๋า', 'กด เช็คยอดเงิน เพื่ออัปเดตยอดจากทุกเกม', 'ดูเวลาอัปเดตล่าสุดและยอดในแต่ละเกม', 'ดูรายการย้อนหลังได้ที่เมนู รายการ'],
      bonus: ['ฝากเงินแล้ว กดไอคอน โบนัส', 'เลือกโบนัส ดูยอดที่ได้และยอดที่ติดเงื่อนไข', 'เงินทั้งหมดติดเงื่อนไขจนถึงยอดเป้าหมาย', 'กด รับโบนัส', 'ดูความคืบหน้าของเงื่อนไขได้ที่หน้าแรก'],
      endBonus: ['เล่นเสียจนยอดต่ำกว่าเกณฑ์ จึงยกเลิกโบนัสได้', 'กด ยกเลิกโบนัส ที่หน้าโบนัส', 'ดูยอดที่จะถูกหักและยอดที่คุณได้คืนก่อนยืนยัน', 'กดยืนยัน เงินในเกมกลับกระเป๋าและโบนัสจบ'],
    },
  },
  la: {
    outDir: path.join(root, 'apps/web/public/howto/la'),
    language: 'lo',
    font: 'Noto Sans Lao',
    demo: { phone: '2055512345', password: 'demo1234' },
    newPhone: () => `20${String(Date.now()).slice(-8)}`,
    bank: { bankCode: 'BCEL', bankAccountName: 'HOWTO MEMBER' },
    bonus: 'WELCOMEKIP',
    deposit: { method: 'BCEL', amount: 200_000, stake: 300_000, loss: 290_000 },
    captions: {
      wallet: ['ເຂົ້າສູ່ລະບົບດ້ວຍເບີໂທ ແລະ ລະຫັດຜ່ານ', 'ໜ້າທຳອິດສະແດງຍອດເງິນລວມ ແລະ ກະເປົາຫຼັກ', 'ກົດ ຝາກເງິນ ເບິ່ງບັນຊີ ແລະ ຊ່ອງທາງຝາກ', 'ກົດ ຖອນເງິນ ເພື່ອຖອນເຂົ້າບັນຊີທະນາຄານ', 'ກົດ ໂອນເງິນ ເພື່ອຍ້າຍເງິນລະຫວ່າງກະເປົາກັບເກມ'],
      play: ['ເລືອກຄ່າຍເກມທີ່ຕ້ອງການຫຼິ້ນ', 'ກົດ ເປີດບັນຊີ ຄັ້ງທຳອິດຄັ້ງດຽວ', 'ໄດ້ຊື່ຜູ້ໃຊ້ ແລະ ລະຫັດຜ່ານຂອງເກມ ກົດ ຫຼິ້ນເກມ', 'ຍອດເງິນໃນກະເປົາຖືກໂອນເຂົ້າເກມໃຫ້ອັດຕະໂນມັດ'],
      balance: ['ກັບມາໜ້າທຳອິດຂອງກະເປົາ', 'ກົດ ກວດຍອດເງິນ ເພື່ອອັບເດດຍອດຈາກທຸກເກມ', 'ເບິ່ງເວລາອັບເດດລ່າສຸດ ແລະ ຍອດໃນແຕ່ລະເກມ', 'ເບິ່ງລາຍການຍ້ອນຫຼັງໄດ້ທີ່ເມນູ ລາຍການ'],
      bonus: ['ຝາກເງິນແລ້ວ ກົດໄອຄອນ ໂບນັດ', 'ເລືອກໂບນັດ ເບິ່ງຍອດທີ່ໄດ້ ແລະ ຍອດທີ່ຕິດເງື່ອນໄຂ', 'ເງິນທັງໝົດຕິດເງື່ອນໄຂຈົນຮອດຍອດເປົ້າໝາຍ', 'ກົດ ຮັບໂບນັດ', 'ເບິ່ງຄວາມຄືບໜ້າຂອງເງື່ອນໄຂໄດ້ທີ່ໜ້າທຳອິດ'],
      endBonus: ['ຫຼິ້ນເສຍຈົນຍອດຕ່ຳກວ່າເກນ ຈຶ່ງຍົກເລີກໂບນັດໄດ້', 'ກົດ ຍົກເລີກໂບນັດ ທີ່ໜ້າໂບນັດ', 'ເບິ່ງຍອດທີ່ຈະຖືກຫັກ ແລະ ຍອດທີ່ທ່ານໄດ້ຄືນກ່ອນຢືນຢັນ', 'ກົດຢືນຢັນ ເງິນໃນເກມກັບກະເປົາ ແລະ ໂບນັດຈົບ'],
    },
  },
};

async function api(method, route, { token, body } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-client': 'wallet-user', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** A new member of the build, registered through the sandbox SMS and with a first deposit paid by QR: the bonus videos need one. */
async function newMemberWithDeposit(site) {
  const phone = site.newPhone();
  const sent = await api('POST', '/api/otp/send', { body: { phoneNumber: phone } });
  const { messages } = await api('GET', `/sandbox/sms/messages?phone=${phone}`);
  await api('POST', '/api/otp/verify', { body: { otpToken: sent.otpToken, otpCode: messages[0].otpCode } });
  const password = 'howto-pass-1';
  await api('POST', '/api/account', {
    body: { name: 'Howto Member', username: phone, password, sourceCode: 'FACEBOOK', inviteCode: '', bankAccountNo: String(Date.now()).slice(-10), ...site.bank },
  });
  const { token } = await api('POST', '/api/login', { body: { username: phone, password } });
  const qr = await api('POST', `/api/qrcode/${site.deposit.method}`, { token, body: { amount: site.deposit.amount } });
  await api('POST', '/sandbox/gateway/pay', { body: { qrcodeId: qr.qrcodeId } });
  return token;
}

/** …who then took the bonus and lost nearly all of it in the demo game: under the floor, so it can be ended. */
async function memberUnderTheFloor(site) {
  const token = await newMemberWithDeposit(site);
  await api('GET', `/api/bonus/activate/${site.bonus}`, { token });
  await api('GET', '/api/wallet/activate/PG', { token });
  await api('POST', '/api/wallet/transfer', { token, body: { from: 'WALLET', to: 'PG', amount: site.deposit.stake } });
  const { slots } = await api('GET', '/api/wallet', { token });
  await api('POST', '/sandbox/provider/rounds', { body: { slotCode: 'PG', username: slots.find((slot) => slot.code === 'PG').username, bet: site.deposit.loss, win: 0 } });
  return token;
}

/**
 * The five tasks, in the order of the how-to page: who does them (the demo member, or a new member
 * set up for the task through the API), then one action per caption.
 */
const VIDEOS = [
  {
    file: 'wallet',
    captions: 'wallet',
    member: null,
    steps: [
      async (page, site) => {
        await page.goto('/login');
        await page.locator('input[name="username"]').pressSequentially(site.demo.phone, { delay: 60 });
        await page.locator('input[name="password"]').pressSequentially(site.demo.password, { delay: 60 });
        await page.waitForTimeout(500);
        await page.getByTestId('login-submit').click();
        await page.getByTestId('total-balance').waitFor();
      },
      (page) => page.waitForTimeout(2200),
      async (page) => {
        await page.getByTestId('tile-deposit').click();
        await page.getByTestId('deposit-methods').waitFor();
        await page.waitForTimeout(1800);
        await page.mouse.wheel(0, 300);
        await page.waitForTimeout(1200);
        await page.keyboard.press('Escape');
      },
      async (page) => {
        await page.getByTestId('tile-withdraw').click();
        await page.waitForTimeout(2600);
        await page.keyboard.press('Escape');
      },
      async (page) => {
        await page.getByTestId('open-transfer').click();
        await page.waitForTimeout(2600);
        await page.keyboard.press('Escape');
        await page.waitForTimeout(600);
      },
    ],
  },
  {
    file: 'play',
    captions: 'play',
    member: 'demo',
    steps: [
      async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1200);
        await page.getByTestId('provider-PG').click();
      },
      async (page) => {
        await page.getByTestId('activate-game').waitFor();
        await page.waitForTimeout(1500);
        await page.getByTestId('activate-game').click();
        await page.getByTestId('play-game').waitFor();
        await page.waitForTimeout(1200);
      },
      async (page) => {
        await page.waitForTimeout(1800);
        await page.getByTestId('play-game').click();
        await page.waitForURL(/\/sandbox\/provider\/play/);
      },
      async (page) => {
        await page.waitForTimeout(1800);
        await page.locator('[data-bet="10"]').click();
        await page.waitForTimeout(1500);
        await page.locator('[data-bet="10"]').click();
        await page.waitForTimeout(1500);
      },
    ],
  },
  {
    file: 'balance',
    captions: 'balance',
    member: 'demo',
    steps: [
      async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1500);
      },
      async (page) => {
        await page.waitForTimeout(800);
        await page.getByTestId('check-balance').click();
        await page.locator('[data-testid="check-balance"]:not([aria-busy])').waitFor();
        await page.waitForTimeout(1500);
      },
      async (page) => {
        await page.mouse.wheel(0, 420);
        await page.waitForTimeout(2200);
        await page.mouse.wheel(0, -420);
        await page.waitForTimeout(800);
      },
      async (page) => {
        await page.getByTestId('menu-statement').click();
        await page.getByTestId('statement-list').locator('li').first().waitFor();
        await page.waitForTimeout(4000);
      },
    ],
  },
  {
    file: 'bonus',
    captions: 'bonus',
    member: newMemberWithDeposit,
    steps: [
      async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.waitForTimeout(1500);
        await page.getByTestId('tile-bonus').click();
        await page.waitForURL(/\/user\/bonus/);
        await page.waitForTimeout(1500);
      },
      async (page, site) => {
        await page.getByTestId(`bonus-card-${site.bonus}`).click();
        await page.getByTestId('reward-figures').waitFor();
        await page.waitForTimeout(3500);
      },
      async (page) => {
        await page.getByTestId('reward-locked-note').scrollIntoViewIfNeeded();
        await page.waitForTimeout(4000);
      },
      async (page) => {
        await page.getByTestId('bonus-receive').click();
        await page.getByTestId('bonus-active').waitFor();
        await page.waitForTimeout(2500);
      },
      async (page) => {
        await page.getByTestId('menu-home').click();
        await page.getByTestId('condition-progress').waitFor();
        await page.waitForTimeout(3500);
      },
    ],
  },
  {
    file: 'end-bonus',
    captions: 'endBonus',
    member: memberUnderTheFloor,
    steps: [
      async (page) => {
        await page.goto('/user/home');
        await page.getByTestId('total-balance').waitFor();
        await page.getByTestId('check-balance').click();
        await page.getByTestId('condition-end').waitFor();
        await page.waitForTimeout(3000);
      },
      async (page) => {
        await page.getByTestId('tile-bonus').click();
        await page.waitForURL(/\/user\/bonus/);
        await page.waitForTimeout(1500);
        await page.getByTestId('bonus-cancel').click();
      },
      async (page) => {
        await page.getByTestId('clear-figures').waitFor();
        await page.waitForTimeout(4500);
      },
      async (page) => {
        await page.getByTestId('confirm-yes').click();
        await page.getByTestId('promotion-code').waitFor();
        await page.waitForTimeout(2500);
      },
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
function captionsFile(captions, end, font) {
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
    `Style: Caption,${font},20,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,8,10,10,16,222`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...lines,
    '',
  ].join('\n');
}

async function logIn(site) {
  const { token } = await api('POST', '/api/login', { body: { username: site.demo.phone, password: site.demo.password } });
  return token;
}

async function record(browser, site, video) {
  const token = video.member === null ? null : video.member === 'demo' ? await logIn(site) : await video.member(site);
  const context = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: site.language === 'lo' ? 'lo-LA' : 'th-TH',
    recordVideo: { dir: path.join(work, site.language, video.file), size: VIEWPORT },
  });
  await context.addInitScript(
    ([savedToken, language]) => {
      localStorage.setItem('locale', language);
      localStorage.setItem('remember-agreement', 'true');
      if (savedToken && !sessionStorage.getItem('howto-started')) {
        sessionStorage.setItem('howto-started', '1');
        localStorage.setItem('token', savedToken);
      }
    },
    [token, site.language],
  );
  const page = await context.newPage();
  const opened = Date.now();
  // The recording starts on a blank page: the video is cut to start at the first screen.
  let firstLoad = null;
  page.once('load', () => {
    firstLoad = Date.now();
  });
  const captions = [];
  for (const [index, act] of video.steps.entries()) {
    captions.push({ at: Date.now() - opened, text: site.captions[video.captions][index] });
    await act(page, site);
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
  for (const [name, site] of Object.entries(SITES)) {
    if (onlySite && onlySite !== name) continue;
    run('npm', ['run', 'build', '-w', '@wallet/web'], { env: { ...process.env, VITE_SITE: name } });
    const server = spawn(process.execPath, ['e2e/server.mjs'], { cwd: root, env: { ...process.env, E2E_PORT: String(port), E2E_SITE: name }, stdio: ['ignore', 'ignore', 'inherit'] });
    try {
      await waitForServer(server);
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      try {
        fs.mkdirSync(site.outDir, { recursive: true });
        for (const video of VIDEOS) {
          if (only && !only.includes(video.file)) continue;
          const { webm, captions, duration, trim } = await record(browser, site, video);
          const ass = path.join(work, `${name}-${video.file}.ass`);
          fs.writeFileSync(ass, captionsFile(captions, duration, site.font));
          const mp4 = path.join(site.outDir, `${video.file}.mp4`);
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
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
