import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { generate } from 'promptparse';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, type TestServer, registerMember, startTestServer } from './harness.js';

/** The operator's SCB account in the demo seed: slips must be paid to it. */
const OPERATOR_ACCOUNT = '4061234567';

let server: TestServer;
let operator: string;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'slip-test-'));
  server = await startTestServer({ env: { UPLOAD_DIR: uploadDir } });
  await server.app.adminService.ensureFirstOperator({ username: 'slip-boss', password: 'slip-pass' });
  operator = (await server.api('POST', '/api/admin/login', { body: { username: 'slip-boss', password: 'slip-pass' } })).body.token;
});
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

async function bankTransfer(body: Record<string, unknown>): Promise<{ transRef: string; image: Buffer }> {
  const issued = await server.api('POST', '/sandbox/bank/transfers', { body: { toAccountNo: OPERATOR_ACCOUNT, ...body } });
  expect(issued.status).toBe(200);
  return { transRef: issued.body.transRef, image: Buffer.from(issued.body.slip.split(',')[1], 'base64') };
}

async function upload(member: Member, bytes: Buffer | null, options: { name?: string; type?: string; field?: string; key?: string; node?: TestServer } = {}) {
  const form = new FormData();
  if (bytes) form.append(options.field ?? 'file', new Blob([bytes], { type: options.type ?? 'image/png' }), options.name ?? 'slip.png');
  else form.append('note', 'no file here');
  const response = await fetch(`${(options.node ?? server).url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'x-client': 'wallet-user', ...(options.key ? { 'idempotency-key': options.key } : {}) }, body: form });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as ApiResult['body'] };
}

const wallet = async (member: Member): Promise<number> => (await server.api('GET', '/api/wallet', { token: member.token })).body.wallet.amount;
const slipCount = async () => Number((await server.db.selectFrom('slips').select(server.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const storedFiles = () => (fs.existsSync(path.join(uploadDir, 'slips')) ? fs.readdirSync(path.join(uploadDir, 'slips')) : []);

/** A slip-like image carrying any QR text we choose, as a real bank app would lay it out. */
async function imageWithQr(text: string, size = { width: 720, height: 1200 }): Promise<Buffer> {
  const qr = await QRCode.toBuffer(text, { type: 'png', width: Math.min(220, size.width - 20), margin: 2 });
  return sharp({ create: { ...size, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: 10, top: 10 }])
    .png()
    .toBuffer();
}

/** A real PNG whose header claims 60000×60000 pixels: 3.6 billion, decoding it would need ~10 GB. */
function pngDeclaringHugeSize(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG with its frame header (SOF0) rewritten to claim 65000×65000 pixels. */
async function jpegDeclaringHugeSize(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } }).jpeg({ mozjpeg: false }).toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(65_000, sof + 5);
  jpeg.writeUInt16BE(65_000, sof + 7);
  return jpeg;
}

describe('a slip from the sandbox bank', () => {
  it('is read, verified and credited once; the member sees it with its image, nobody else can', async () => {
    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 300.5, fromBankCode: 'SCB', fromAccountNo: member.payload.bankAccountNo, minutesAgo: 5 });

    const uploaded = await upload(member, slip.image);
    expect(uploaded.body).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: 300.5, note: null } });
    expect(await wallet(member)).toBe(300.5);

    const statement = await server.api('POST', '/api/statement', { token: member.token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements[0]).toMatchObject({ statementType: 'deposit', from: 'SLIP', status: 'SUCCESS', amount: 300.5 });
    const list = await server.api('POST', '/api/statement/slip', { token: member.token, body: { page: 1, limit: 10 } });
    expect(list.body).toMatchObject({ total: 1, slips: [{ reference: uploaded.body.slip.reference, status: 'SUCCESS', amount: 300.5 }] });

    const link = await server.api('GET', `/api/statement/slip/reference/${uploaded.body.slip.reference}`, { token: member.token });
    const image = await fetch(`${server.url}${link.body.url}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('jpeg');

    const stranger = await registerMember(server);
    expect(await server.api('GET', `/api/statement/slip/reference/${uploaded.body.slip.reference}`, { token: stranger.token })).toMatchObject({ status: 404, body: { message: 'NO_DATA' } });
    expect((await server.api('POST', '/api/statement/slip', { token: stranger.token, body: { page: 1, limit: 10 } })).body.total).toBe(0);
    const forged = link.body.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(`${server.url}${forged}`)).status).toBe(403);
    server.clock.advance(16 * 60_000);
    expect((await fetch(`${server.url}${link.body.url}`)).status).toBe(403);
    server.clock.advance(-16 * 60_000);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  it('a second upload of the same slip is a duplicate, even when both arrive at once', async () => {
    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 120 });
    const results = await Promise.all([upload(member, slip.image), upload(member, slip.image), upload(member, slip.image)]);
    const outcomes = results.map((result) => `${result.body.slip.status}:${result.body.slip.note}`).sort();
    expect(outcomes).toEqual(['FAILED:SLIP_REFNO_DUPLICATED', 'FAILED:SLIP_REFNO_DUPLICATED', 'SUCCESS:null']);
    const later = await upload(member, slip.image);
    expect(later.body.slip).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    const other = await registerMember(server);
    expect((await upload(other, slip.image)).body.slip.note).toBe('SLIP_REFNO_DUPLICATED');
    expect(await wallet(member)).toBe(120);
    expect(await wallet(other)).toBe(0);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });

  // A retry of an upload whose answer was lost made a second slip, refused as a duplicate.
  it('takes an Idempotency-Key: a retry with it is answered with the first slip, even at once; the key for another file is refused', async () => {
    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 95, fromBankCode: 'SCB', fromAccountNo: member.payload.bankAccountNo, minutesAgo: 2 });
    const key = `slip-${crypto.randomUUID()}`;
    const before = await slipCount();
    const first = await upload(member, slip.image, { key });
    expect(first.body.slip).toMatchObject({ status: 'SUCCESS', amount: 95 });
    const retries = await Promise.all([upload(member, slip.image, { key }), upload(member, slip.image, { key })]);
    for (const retry of retries) expect(retry).toMatchObject({ status: 200, body: { slip: { reference: first.body.slip.reference, status: 'SUCCESS', amount: 95 } } });
    expect(await slipCount()).toBe(before + 1);
    expect(await wallet(member)).toBe(95);
    const another = await bankTransfer({ amount: 10 });
    expect(await upload(member, another.image, { key })).toMatchObject({ status: 409, body: { message: 'KEY_INVALID' } });
    // Two retries of a first attempt that never arrived make one slip.
    const fresh = `slip-${crypto.randomUUID()}`;
    const pair = await Promise.all([upload(member, another.image, { key: fresh }), upload(member, another.image, { key: fresh })]);
    expect(pair[0].body.slip.reference).toBe(pair[1].body.slip.reference);
    expect(await slipCount()).toBe(before + 2);
  });

  it('reaches every refusal the bank can give: receiver, sender, age, unknown transfer', async () => {
    const member = await registerMember(server);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: 50, toAccountNo: '9998887776' }, 'DEST_ACC_INVALID'],
      [{ amount: 50, fromBankCode: 'SCB', fromAccountNo: '1112223334' }, 'NOT_MATCH'],
      [{ amount: 50, fromBankCode: 'KBANK', fromAccountNo: member.payload.bankAccountNo }, 'NOT_MATCH'],
      [{ amount: 50, minutesAgo: 61 }, 'EXPIRED_SLIP'],
    ];
    for (const [transfer, note] of cases) {
      const slip = await bankTransfer(transfer);
      expect((await upload(member, slip.image)).body.slip, note).toMatchObject({ status: 'FAILED', note });
    }
    // A well-formed mini-QR for a transfer the bank never made: a forged slip.
    const forged = await imageWithQr(generate.slipVerify({ sendingBank: '014', transRef: '2611220FAKE0000001' }));
    expect((await upload(member, forged)).body.slip).toMatchObject({ status: 'FAILED', note: 'INVALID_SLIP' });
    // 59 minutes old is still within the hour.
    const recent = await bankTransfer({ amount: 50, minutesAgo: 59 });
    expect((await upload(member, recent.image)).body.slip.status).toBe('SUCCESS');
    expect(await wallet(member)).toBe(50);
  });

  it('refuses images that are not readable slips, each with its reason', async () => {
    const member = await registerMember(server);
    const promptPay = generate.anyId({ type: 'MSISDN', target: '0812345678', amount: 100 });
    const badCrc = generate.slipVerify({ sendingBank: '004', transRef: '0041234567890ABCDEF1' }).slice(0, -4) + '0000';
    const readable = await bankTransfer({ amount: 10 });
    const thumbnail = await sharp(readable.image).resize({ width: 150 }).png().toBuffer();
    const blank = await sharp({ create: { width: 720, height: 1200, channels: 3, background: '#f0f0f0' } }).jpeg().toBuffer();
    const cases: Array<[Buffer, string]> = [
      [await imageWithQr(promptPay), 'INVALID_SLIP'],
      [await imageWithQr('https://example.com/not-a-slip'), 'INVALID_SLIP'],
      [await imageWithQr(badCrc), 'UNSTABLE_REFNO_ON_SLIP'],
      [thumbnail, 'IMG_SIZE_UNABLE_TO_PROCESS'],
      [blank, 'CANNOT_READ_CROPPED_IMAGE'],
    ];
    for (const [image, note] of cases) {
      const result = await upload(member, image, { type: 'image/jpeg', name: 'slip.jpg' });
      expect(result.body.slip, `${note} ${JSON.stringify(result)}`).toMatchObject({ status: 'FAILED', note });
    }
    expect(await wallet(member)).toBe(0);
  });
});

describe('hostile and wrong uploads', () => {
  it('are refused with a clear code and leave nothing behind', async () => {
    const member = await registerMember(server);
    const slipsBefore = await slipCount();
    const filesBefore = storedFiles().length;
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const pngSignatureThenHtml = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);

    expect(await upload(member, html, { name: 'slip.png', type: 'image/png' })).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(member, pngSignatureThenHtml)).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(member, pngDeclaringHugeSize())).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(member, await jpegDeclaringHugeSize(), { type: 'image/jpeg', name: 'x.jpg' })).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(member, Buffer.from('GIF89a...'), { type: 'image/gif', name: 'x.gif' })).toMatchObject({ status: 400, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await upload(member, Buffer.alloc(0))).toMatchObject({ status: 400, body: { message: 'SLIP_NO_FILE' } });
    expect(await upload(member, null)).toMatchObject({ status: 400, body: { message: 'SLIP_NO_FILE' } });
    const notMultipart = await server.api('POST', '/api/wallet/slip', { token: member.token, body: { file: 'x' } });
    expect(notMultipart).toMatchObject({ status: 400, body: { message: 'SLIP_NO_FILE' } });

    expect(await slipCount()).toBe(slipsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
    expect(await wallet(member)).toBe(0);
  });

  it('a 50 MB upload is cut off at the limit', async () => {
    const member = await registerMember(server);
    const before = await slipCount();
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x41);
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(await upload(member, huge)).toMatchObject({ status: 413, body: { message: 'SLIP_INVALID_FILE' } });
    expect(await slipCount()).toBe(before);
  });

  it('a polyglot (a real slip with HTML riding after the image) is kept only as the re-encoded picture', async () => {
    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 75 });
    const polyglot = Buffer.concat([slip.image, Buffer.from('<html><script>alert(1)</script></html>')]);
    const uploaded = await upload(member, polyglot);
    expect(uploaded.body.slip).toMatchObject({ status: 'SUCCESS', amount: 75 });
    const served = Buffer.from(await (await fetch(`${server.url}${uploaded.body.slip.link}`)).arrayBuffer());
    expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.includes(Buffer.from('<script'))).toBe(false);
  });

  it('needs a signed-in member, and the operator’s daily window', async () => {
    const anonymous = await fetch(`${server.url}/api/wallet/slip`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);

    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 40 });
    const bangkokHour = (new Date(server.clock.now().getTime() + 7 * 3600_000).getUTCHours() + 2) % 24;
    const closedFrom = `${String(bangkokHour).padStart(2, '0')}:00`;
    const closedUntil = `${String((bangkokHour + 1) % 24).padStart(2, '0')}:00`;
    await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { slipOpenFrom: closedFrom, slipOpenUntil: closedUntil } });
    try {
      const before = await slipCount();
      expect(await upload(member, slip.image)).toMatchObject({ status: 403, body: { message: 'SLIP_UPLOAD_CLOSED' } });
      expect((await server.api('GET', '/api/lookup/slip')).body).toEqual({ isOpen: false, maxAgeMinutes: 60 });
      expect(await slipCount()).toBe(before);
    } finally {
      await server.api('PUT', '/api/admin/settings/site', { token: operator, body: { slipOpenFrom: '00:00', slipOpenUntil: '23:59' } });
    }
    expect((await upload(member, slip.image)).body.slip.status).toBe('SUCCESS');
  });
});

describe('slips the verifier cannot settle', () => {
  it('wait for an operator, who credits them once or refuses them, each action audited', async () => {
    const member = await registerMember(server);
    const captcha = await bankTransfer({ amount: 500, verifyOutcome: 'TRIPPLE_WRONG_CAPTCHA' });
    const unknown = await bankTransfer({ amount: 80, verifyOutcome: 'UNKNOW_ERROR' });
    const first = (await upload(member, captcha.image)).body.slip;
    const second = (await upload(member, unknown.image)).body.slip;
    expect(first).toMatchObject({ status: 'in_progress', note: 'TRIPPLE_WRONG_CAPTCHA', amount: 0 });
    expect(second).toMatchObject({ status: 'in_progress', note: 'UNKNOW_ERROR' });
    expect(await wallet(member)).toBe(0);

    const queue = await server.api('GET', '/api/admin/slips?status=pending&limit=50', { token: operator });
    const mine = queue.body.slips.filter((slip: { username: string }) => slip.username === member.payload.username);
    expect(mine.map((slip: { transRef: string }) => slip.transRef).sort()).toEqual([captcha.transRef, unknown.transRef].sort());
    const byRef = (transRef: string) => mine.find((slip: { transRef: string }) => slip.transRef === transRef)._id;

    expect(await server.api('POST', `/api/admin/slips/${byRef(captcha.transRef)}/approve`, { token: operator, body: {} })).toMatchObject({ status: 400, body: { message: 'KEY_MISSING' } });
    expect((await server.api('POST', `/api/admin/slips/${byRef(captcha.transRef)}/approve`, { token: operator, body: { amount: 500 } })).body).toMatchObject({ status: 'SUCCESS', amount: 500 });
    expect((await server.api('POST', `/api/admin/slips/${byRef(captcha.transRef)}/approve`, { token: operator, body: { amount: 500 } })).status).toBe(409);
    expect((await server.api('POST', `/api/admin/slips/${byRef(unknown.transRef)}/fail`, { token: operator, body: { reason: 'not in our statement' } })).body).toMatchObject({ status: 'FAILED', note: 'INVALID_SLIP' });
    expect(await wallet(member)).toBe(500);

    const list = (await server.api('POST', '/api/statement/slip', { token: member.token, body: { page: 1, limit: 10 } })).body.slips;
    expect(list.map((slip: { status: string; note: string | null }) => `${slip.status}:${slip.note}`).sort()).toEqual(['FAILED:INVALID_SLIP', 'SUCCESS:TRIPPLE_WRONG_CAPTCHA']);
    const audit = await server.db.selectFrom('audit_log').select(['actor', 'action']).where('action', 'like', 'slip.%').execute();
    expect(audit).toEqual(expect.arrayContaining([{ actor: 'slip-boss', action: 'slip.approve' }, { actor: 'slip-boss', action: 'slip.fail' }]));
    // Members cannot reach the operator's queue.
    expect((await server.api('GET', '/api/admin/slips', { token: member.token })).status).toBe(401);
    expect((await server.app.ledger.verify()).ok).toBe(true);
  });
});

describe('a slip a crash left undecided', () => {
  it('is finished by the sweep; one whose image is gone fails as UPLOADED_FILE_NOT_EXIST', async () => {
    const member = await registerMember(server);
    const slip = await bankTransfer({ amount: 64 });
    const image = await sharp(slip.image).jpeg().toBuffer();
    fs.mkdirSync(path.join(uploadDir, 'slips'), { recursive: true });
    fs.writeFileSync(path.join(uploadDir, 'slips', 'crashLeftThis0001.jpg'), image);
    const createdAt = new Date(server.clock.now().getTime() - 5 * 60_000);
    await server.db
      .insertInto('slips')
      .values([
        { reference: 'crashLeftThis0001', member_id: BigInt(member.id), image_key: 'slips/crashLeftThis0001.jpg', created_at: createdAt },
        { reference: 'crashLeftThis0002', member_id: BigInt(member.id), image_key: 'slips/crashLeftThis0002.jpg', created_at: createdAt },
      ])
      .execute();
    expect(await server.app.slips.resumeUnfinished()).toBe(2);
    const list = (await server.api('POST', '/api/statement/slip', { token: member.token, body: { page: 1, limit: 10 } })).body.slips;
    const byReference = Object.fromEntries(list.map((row: { reference: string; status: string; note: string | null }) => [row.reference, `${row.status}:${row.note}`]));
    expect(byReference).toEqual({ crashLeftThis0001: 'SUCCESS:null', crashLeftThis0002: 'FAILED:UPLOADED_FILE_NOT_EXIST' });
    expect(await wallet(member)).toBe(64);
    expect(await server.app.slips.resumeUnfinished()).toBe(0);
  });
});

describe('the slip upload limit, with Redis shared by two nodes', () => {
  it('counts a member’s uploads across nodes: the eleventh in a minute is refused wherever it lands', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    // Nodes of one deployment share the token secret, so both recognise the member's token.
    // Member ids repeat across test databases: a prefix of this run keeps its counts apart in Redis.
    const run = `${Date.now()}-${process.pid}`;
    const shared = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `test-${run}:`, JWT_SECRET: `two-nodes-${run}-0123456789abcdef0123456789` };
    const nodeA = await startTestServer({ env: shared });
    const nodeB = await startTestServer({ env: shared, sameDatabaseAs: nodeA });
    try {
      const member = await registerMember(nodeA);
      const emptyUpload = (node: TestServer) =>
        fetch(`${node.url}/api/wallet/slip`, { method: 'POST', headers: { authorization: `Bearer ${member.token}` }, body: new FormData() }).then((response) => response.status);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push(await emptyUpload(nodeA), await emptyUpload(nodeB));
      // An empty upload is refused (400) after it is counted, in the Redis both nodes share.
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 400));
      expect(await emptyUpload(nodeA)).toBe(429);
      expect(await emptyUpload(nodeB)).toBe(429);
    } finally {
      await nodeB.close();
      await nodeA.close();
    }
  });
});

describe('a node holding as many uploads as it takes at once', () => {
  it('answers one more 503 BUSY with Retry-After, keeping nothing of it; the same slip sent again is read', async () => {
    const node = await startTestServer({ env: { UPLOAD_DIR: uploadDir, SLIP_UPLOADS_AT_ONCE: '2' } });
    try {
      const members: Member[] = [];
      for (let i = 0; i < 3; i += 1) members.push(await registerMember(node));
      const slips: { member: Member; image: Buffer }[] = [];
      for (const member of [...members, ...members]) {
        const issued = await node.api('POST', '/sandbox/bank/transfers', { body: { toAccountNo: OPERATOR_ACCOUNT, amount: 10, fromBankCode: 'SCB', fromAccountNo: member.payload.bankAccountNo } });
        slips.push({ member, image: Buffer.from(issued.body.slip.split(',')[1], 'base64') });
      }
      const count = async () => Number((await node.db.selectFrom('slips').select(node.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

      const answers = await Promise.all(slips.map((slip) => upload(slip.member, slip.image, { node })));
      const busy = answers.filter((answer) => answer.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const answer of busy) expect(answer).toMatchObject({ retryAfter: '2', body: { message: 'BUSY' } });
      const read = answers.filter((answer) => answer.status === 200);
      expect(read.length + busy.length).toBe(slips.length);
      expect(await count()).toBe(read.length);

      for (const [index, answer] of answers.entries()) {
        if (answer.status !== 503) continue;
        const again = await upload(slips[index]!.member, slips[index]!.image, { node });
        expect(again.body).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', amount: 10 } });
      }
      expect(await count()).toBe(slips.length);
      for (const member of members) expect(await node.api('GET', '/api/wallet', { token: member.token }).then((answer) => answer.body.wallet.amount)).toBe(20);
    } finally {
      await node.close();
    }
  });
});
