import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type Socket, io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatTemplates } from '../src/modules/chat/chat-templates.js';
import { type AuditTrail, createAuditTrail } from '../src/modules/audit/audit-writer.js';
import { createAuditChain } from '../src/modules/audit/audit-chain.js';
import { TEST_AUDIT_KEY, type TestServer, registerMember, startTestServer } from './harness.js';

type Member = Awaited<ReturnType<typeof registerMember>>;
const PREFIX = 'wallet-chat-';

let server: TestServer;
let agent: string;
let uploadDir: string;
beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'chat-uploads-'));
  server = await startTestServer({ env: { UPLOAD_DIR: uploadDir } });
  await server.app.adminService.ensureFirstOperator({ username: 'chief', password: 'chief-pass-1' });
  agent = (await server.api('POST', '/api/admin/login', { body: { username: 'chief', password: 'chief-pass-1' } })).body.token;
});
afterAll(() => server.close());

const asMember = (member: Member) => ({ token: member.token });
const asGuest = (guestId: string) => ({ headers: { 'x-guest-id': guestId } });
const text = (payload: string) => ({ message: { message_type: 'text', payload } });
const send = (who: object, body: object) => server.api('POST', '/api/chat/send-message', { ...who, body });
const history = (who: object, body: object = {}) => server.api('POST', '/api/chat/history', { ...who, body });
const newGuest = async (): Promise<string> => (await server.api('POST', '/api/chat/guest')).body.guestId;
const storedFiles = () => (fs.existsSync(path.join(uploadDir, 'chat')) ? fs.readdirSync(path.join(uploadDir, 'chat')).filter((name) => !name.endsWith('.part')) : []);

async function conversationOf(member: Member): Promise<string> {
  const { conversations } = (await server.api('GET', '/api/admin/chat/conversations', { token: agent })).body;
  return conversations.find((conversation: { member: { _id: string } | null }) => conversation.member?._id === member.id)._id;
}

async function upload(who: object, kind: 'image' | 'video', bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const headers: Record<string, string> = { 'x-client': 'wallet-user', ...((who as { headers?: Record<string, string> }).headers ?? {}) };
  const token = (who as { token?: string }).token;
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${server.url}/api/chat/upload-${kind}`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as { path?: string; message?: string } };
}

/** A minimal ISO media file: ftyp, moov, mdat, each box's size running exactly to the end. */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, 0]), Buffer.from(type, 'latin1'), body]).fill(0, 0, 0);
  const sized = (type: string, body: Buffer) => {
    const out = box(type, body);
    out.writeUInt32BE(out.length, 0);
    return out;
  };
  return Buffer.concat([sized('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), sized('moov', Buffer.alloc(16)), sized('mdat', Buffer.alloc(64, 7))]);
}

describe('chat over HTTP', () => {
  it('a guest chats with the id the server issued; a forged or made-up id gets nothing', async () => {
    const guestId = await newGuest();
    const sent = await send(asGuest(guestId), text('สวัสดีครับ'));
    expect(sent.status).toBe(200);
    expect(sent.body.item).toMatchObject({ sender: 'customer', seq: 1, message: { message_type: 'text', payload: 'สวัสดีครับ', deliver: 'succeed' }, userId: null });
    // The guest's secret id is never echoed: items show its public handle only.
    expect(sent.body.item.guestId).toMatch(/^guest-[0-9a-f]{8}$/);
    expect((await history(asGuest(guestId))).body.items).toHaveLength(1);

    const [key] = guestId.split('.');
    const forged = `${key}.${'A'.repeat(32)}`;
    expect((await history(asGuest(forged))).status).toBe(401);
    expect((await history(asGuest(crypto.randomBytes(16).toString('hex')))).status).toBe(401);
    expect((await send({}, text('hello'))).status).toBe(401);
  });

  it('a member reads only their own conversation, whatever ids the body names', async () => {
    const alice = await registerMember(server);
    const bob = await registerMember(server);
    await send(asMember(alice), text('alice asks'));
    const bobs = await history(asMember(bob), { userId: alice.id });
    expect(bobs.body.items).toEqual([]);
    await send(asMember(bob), { ...text('bob asks'), userId: alice.id });
    expect((await history(asMember(alice))).body.items.map((item: { message: { payload: string } }) => item.message.payload)).toEqual(['alice asks']);
    // Nor can Bob mark Alice's messages read by naming her.
    await server.api('POST', `/api/admin/chat/conversations/${await conversationOf(alice)}/messages`, { token: agent, body: { message: { message_type: 'text', payload: 'for alice' } } });
    await server.api('PUT', '/api/chat/read-customer/', { token: bob.token, body: { userId: alice.id } });
    expect((await server.api('GET', `/api/admin/chat/conversations/${await conversationOf(alice)}/messages`, { token: agent })).body.items[0].readAt).toBeNull();
  });

  it('refuses blank and over-long text with their codes, and stores nothing', async () => {
    const member = await registerMember(server);
    expect(await send(asMember(member), text('   '))).toMatchObject({ status: 400, body: { message: 'CHAT_TEXT_EMPTY' } });
    expect(await send(asMember(member), text('ก'.repeat(2001)))).toMatchObject({ status: 400, body: { message: 'CHAT_TEXT_LENGTH' } });
    expect((await send(asMember(member), text('ก'.repeat(2000)))).status).toBe(200);
    expect((await history(asMember(member))).body.items).toHaveLength(1);
  });

  it('pages history newest first, 10 at a time, and after a reconnect gives everything after the last number held', async () => {
    const member = await registerMember(server);
    for (let index = 1; index <= 23; index += 1) await send(asMember(member), text(`message ${index}`));
    const first = (await history(asMember(member), { limit: 10, skip: 0 })).body;
    expect(first.items.map((item: { seq: number }) => item.seq)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(first.lastSeq).toBe(23);
    const second = (await history(asMember(member), { limit: 10, skip: 10 })).body;
    expect(second.items[0].seq).toBe(13);
    const missed = (await history(asMember(member), { afterSeq: 20 })).body;
    expect(missed.items.map((item: { seq: number }) => item.seq)).toEqual([21, 22, 23]);
    // A resend with the same client id is the same message.
    const once = await send(asMember(member), { ...text('again'), clientId: 'client-message-1' });
    const twice = await send(asMember(member), { ...text('again'), clientId: 'client-message-1' });
    expect(twice.body.item._id).toBe(once.body.item._id);
    expect((await history(asMember(member), { limit: 1 })).body.lastSeq).toBe(24);
  });

  it('an agent answers; read marks are kept per message and shown to both sides; ending shows a marker and the next message opens a new session', async () => {
    const member = await registerMember(server);
    const asked = await send(asMember(member), text('ถอนเงินไม่ได้'));
    const conversation = await conversationOf(member);
    const listed = (await server.api('GET', '/api/admin/chat/conversations', { token: agent })).body.conversations.find((row: { _id: string }) => row._id === conversation);
    expect(listed).toMatchObject({ status: 'open', unread: 1, member: { _id: member.id }, lastMessage: { message: { payload: 'ถอนเงินไม่ได้' } } });

    const reply = await server.api('POST', `/api/admin/chat/conversations/${conversation}/messages`, {
      token: agent,
      body: { message: { message_type: 'quick_replies', payload: { text: 'เลือกหัวข้อ', quick_replies: [{ type: 'postback', title: 'ถอนเงิน', payload: 'WITHDRAW' }] } } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.item).toMatchObject({ sender: 'agent', name: 'chief', seq: 2 });
    await server.api('PUT', `/api/admin/chat/conversations/${conversation}/read`, { token: agent });
    const afterAgentRead = (await history(asMember(member))).body.items;
    expect(afterAgentRead.find((item: { _id: string }) => item._id === asked.body.item._id).readAt).not.toBeNull();
    expect(afterAgentRead[0].readAt).toBeNull();
    await server.api('PUT', '/api/chat/read-customer/', { token: member.token, body: {} });
    const agentView = (await server.api('GET', `/api/admin/chat/conversations/${conversation}/messages`, { token: agent })).body.items;
    expect(agentView[0].readAt).not.toBeNull();

    await server.api('POST', `/api/admin/chat/conversations/${conversation}/end`, { token: agent });
    const ended = (await history(asMember(member))).body.items;
    expect(ended[0]).toMatchObject({ sender: 'system', message: { message_type: 'end' } });
    const next = await send(asMember(member), { message: { message_type: 'postback', payload: { title: 'ถอนเงิน', payload: 'WITHDRAW' } } });
    expect(next.body.item.session_id).not.toBe(asked.body.item.session_id);
    expect((await server.api('GET', '/api/admin/chat/conversations?filter=open', { token: agent })).body.conversations.some((row: { _id: string }) => row._id === conversation)).toBe(true);
  });

  it("a member's messages sent at once, the first ones and later ones, share one conversation, numbered without a gap or a repeat", async () => {
    const member = await registerMember(server);
    const sendAtOnce = (count: number, from: number) => Promise.all(Array.from({ length: count }, (_, index) => send(asMember(member), text(`ข้อความ ${from + index}`))));
    // The conversation is made by one of the first four; the next eight find it there.
    const sent = [...(await sendAtOnce(4, 1)), ...(await sendAtOnce(8, 5))];
    expect(sent.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    const numbers = Array.from({ length: 12 }, (_, index) => index + 1);
    expect(sent.map((answer) => answer.body.item.seq).sort((a: number, b: number) => a - b)).toEqual(numbers);
    expect(new Set(sent.map((answer) => answer.body.item.session_id)).size).toBe(1);
    const { items } = (await history(asMember(member), { limit: 20 })).body;
    expect(items.map((item: { seq: number }) => item.seq)).toEqual(numbers.reverse());
    const conversations = (await server.api('GET', '/api/admin/chat/conversations', { token: agent })).body.conversations.filter((row: { member: { _id: string } | null }) => row.member?._id === member.id);
    expect(conversations).toHaveLength(1);
  });

  it('agents send saved replies; only support agents and admins reach the inbox', async () => {
    const { templates } = (await server.api('GET', '/api/admin/chat/templates', { token: agent })).body;
    expect(templates.map((template: { message: { message_type: string } }) => template.message.message_type).sort()).toEqual(['buttons', 'generic', 'quick_replies']);
    const member = await registerMember(server);
    await send(asMember(member), text('โปรมีอะไรบ้าง'));
    const cards = templates.find((template: { message: { message_type: string } }) => template.message.message_type === 'generic');
    const sent = await server.api('POST', `/api/admin/chat/conversations/${await conversationOf(member)}/messages`, { token: agent, body: { message: cards.message } });
    expect(sent.body.item.message.payloads).toHaveLength(2);
    expect((await history(asMember(member))).body.items[0].message.message_type).toBe('generic');

    await server.api('POST', '/api/admin/operators', { token: agent, body: { username: 'cashier', password: 'cashier-pass-1', roles: ['finance'] } });
    const cashier = (await server.api('POST', '/api/admin/login', { body: { username: 'cashier', password: 'cashier-pass-1' } })).body.token;
    expect((await server.api('GET', '/api/admin/chat/conversations', { token: cashier })).status).toBe(403);
    expect((await server.api('GET', '/api/admin/chat/conversations', { token: member.token })).status).toBe(401);
  });

  it('a saved reply and its audit entry exist together: a change that fails after its entry leaves neither', async () => {
    const chief = await server.db.selectFrom('admin_users').select('id').where('username', '=', 'chief').executeTakeFirstOrThrow();
    const operator = { adminId: chief.id, username: 'chief', roles: ['admin'] as const, sessionId: crypto.randomUUID(), ip: '192.0.2.9' };
    const trail = createAuditTrail(createAuditChain(TEST_AUDIT_KEY));
    // The entry is written, then the change fails: its transaction takes the entry back with it.
    const failingAfterEntry: AuditTrail = {
      async record(trx, actor, action, detail) {
        await trail.record(trx, actor, action, detail);
        throw new Error('the change fails after its audit entry');
      },
    };
    const entries = async (action: string) => (await server.db.selectFrom('audit_log').select('detail').where('action', '=', action).execute()).map((row) => row.detail);

    const failing = createChatTemplates(server.db, failingAfterEntry);
    const title = `never saved ${crypto.randomUUID()}`;
    await expect(failing.create(operator, { title, message: { message_type: 'text', payload: 'x' } })).rejects.toThrow('the change fails after its audit entry');
    expect((await server.api('GET', '/api/admin/chat/templates', { token: agent })).body.templates.some((template: { title: string }) => template.title === title)).toBe(false);
    expect((await entries('chat.template.create')).some((detail) => (detail as { title: string }).title === title)).toBe(false);

    const kept = `kept ${crypto.randomUUID()}`;
    const saved = (await server.api('POST', '/api/admin/chat/templates', { token: agent, body: { title: kept, message: { message_type: 'text', payload: 'kept' } } })).body.templates.find((template: { title: string }) => template.title === kept);
    await expect(failing.remove(operator, saved._id)).rejects.toThrow('the change fails after its audit entry');
    expect((await server.api('GET', '/api/admin/chat/templates', { token: agent })).body.templates.some((template: { _id: string }) => template._id === saved._id)).toBe(true);
    expect((await entries('chat.template.delete')).some((detail) => (detail as { id: string }).id === saved._id)).toBe(false);
    // Through the server, the change and its entry commit together.
    expect((await server.api('DELETE', `/api/admin/chat/templates/${saved._id}`, { token: agent })).status).toBe(200);
    expect((await entries('chat.template.delete')).some((detail) => (detail as { id: string }).id === saved._id)).toBe(true);
  });

  it('a guest who signs in brings the guest conversation into the member’s', async () => {
    const guestId = await newGuest();
    await send(asGuest(guestId), text('ก่อนสมัคร'));
    const member = await registerMember(server);
    await send(asMember(member), text('หลังสมัคร'));
    const merged = (await history({ token: member.token, headers: { 'x-guest-id': guestId } })).body.items;
    expect(merged.map((item: { message: { payload: string } }) => item.message.payload)).toEqual(['ก่อนสมัคร', 'หลังสมัคร']);
    expect(merged.map((item: { seq: number }) => item.seq)).toEqual([2, 1]);
    expect((await history(asGuest(guestId))).body.items).toEqual([]);
  });
});

describe('chat uploads', () => {
  it('keeps a real picture re-encoded, sends it as media, and serves it through a signed link only', async () => {
    const member = await registerMember(server);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const uploaded = await upload(asMember(member), 'image', png, 'photo.png');
    expect(uploaded.status).toBe(200);
    const sent = await send(asMember(member), { message: { message_type: 'media', payload: { fileType: 'image', filePath: uploaded.body.path, name: 'photo.png' } } });
    expect(sent.status).toBe(200);
    const link = sent.body.item.message.payload.filePath as string;
    expect(link).toMatch(/^\/api\/chat\/files\/[a-z0-9-]+\.png\?expires=\d+&signature=/);
    const served = await fetch(`${server.url}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${server.url}${uploaded.body.path}`)).status).toBe(400);
    expect((await fetch(`${server.url}${link.replace(/signature=[^&]+/, 'signature=forged')}`)).status).toBe(403);
    // Another member cannot send someone else's upload as their own.
    const other = await registerMember(server);
    expect((await send(asMember(other), { message: { message_type: 'media', payload: { fileType: 'image', filePath: uploaded.body.path } } })).status).toBe(400);
  });

  it('refuses hostile files with a clear code and keeps nothing', async () => {
    const member = await registerMember(server);
    const before = storedFiles().length;
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    expect(await upload(asMember(member), 'image', html, 'evil.png')).toMatchObject({ status: 400, body: { message: 'CHAT_FILE_UNSUPPORTED' } });
    expect(await upload(asMember(member), 'video', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from('this is only text, not a video at all')]), 'clip.mp4')).toMatchObject({
      status: 400,
      body: { message: 'CHAT_FILE_UNSUPPORTED' },
    });
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00ff00' } }).png().toBuffer();
    expect(await upload(asMember(member), 'image', png, 'no-extension')).toMatchObject({ status: 400, body: { message: 'CHAT_FILE_UNSUPPORTED' } });
    expect(await upload(asMember(member), 'video', Buffer.alloc(25 * 1024 * 1024, 1), 'big.mp4')).toMatchObject({ status: 413, body: { message: 'CHAT_FILE_TOO_LARGE' } });
    expect(storedFiles().length).toBe(before);

    // A polyglot (a real GIF with a script after it) is kept only as the picture: the script is gone.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0000ff' } }).gif().toBuffer();
    const polyglot = await upload(asMember(member), 'image', Buffer.concat([gif, Buffer.from('<script>alert(1)</script>')]), 'cat.gif');
    expect(polyglot.status).toBe(200);
    const kept = fs.readFileSync(path.join(uploadDir, 'chat', polyglot.body.path!.split('/').pop()!));
    expect(kept.includes(Buffer.from('<script>'))).toBe(false);

    const video = await upload(asMember(member), 'video', mp4(), 'clip.mp4');
    expect(video).toMatchObject({ status: 200, body: { path: expect.stringMatching(/\.mp4$/) } });
  });
});

function connect(url: string, auth: Record<string, string>): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
/** The first `event` that `matches` (a customer's room also hears the customer's own messages). */
const nextEvent = <T>(socket: Socket, event: string, matches: (data: T) => boolean = () => true, timeoutMs = 5_000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (data: T) => {
      if (!matches(data)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(data);
    };
    socket.on(event, listener);
  });
const join = (socket: Socket, room: string) => socket.timeout(5_000).emitWithAck('join', room) as Promise<{ ok: boolean }>;

describe('chat in real time', () => {
  it('a member joins only their own room; an agent hears the member and the member hears the agent', async () => {
    const member = await registerMember(server);
    const other = await registerMember(server);
    const memberSocket = await connect(server.url, { token: member.token });
    const agentSocket = await connect(server.url, { operatorToken: agent });
    try {
      expect(await join(memberSocket, `${PREFIX}${other.id}`)).toEqual({ ok: false });
      expect(await join(memberSocket, `${PREFIX}${member.id}`)).toEqual({ ok: true });
      const heard = nextEvent<{ item: { message: { payload: string } } }>(agentSocket, 'messaging');
      await send(asMember(member), text('มีใครอยู่ไหม'));
      expect((await heard).item.message.payload).toBe('มีใครอยู่ไหม');
      const answered = nextEvent<{ sender: string; message: { payload: string } }>(memberSocket, 'messaging', (item) => item.sender === 'agent');
      await server.api('POST', `/api/admin/chat/conversations/${await conversationOf(member)}/messages`, { token: agent, body: { message: { message_type: 'text', payload: 'อยู่ครับ' } } });
      expect((await answered).message.payload).toBe('อยู่ครับ');

      // Typing shows both ways: the agents hear which room types; the member hears the agent.
      const room = (await server.api('GET', '/api/admin/chat/conversations', { token: agent })).body.conversations.find((row: { member: { _id: string } | null }) => row.member?._id === member.id).room;
      const agentsHear = nextEvent<{ room: string }>(agentSocket, 'typing');
      memberSocket.emit('typing', {});
      expect((await agentsHear).room).toBe(room);
      const memberHears = nextEvent<{ agent: string }>(memberSocket, 'typing');
      agentSocket.emit('typing', { room });
      expect((await memberHears).agent).toBe('chief');
    } finally {
      memberSocket.close();
      agentSocket.close();
    }
  });

  it('a forged guest id cannot connect; a real one joins its room and hears the agent', async () => {
    await expect(connect(server.url, { guestId: `${'a'.repeat(32)}.${'B'.repeat(32)}` })).rejects.toThrow();
    const guestId = await newGuest();
    const socket = await connect(server.url, { guestId });
    try {
      expect(await join(socket, `${PREFIX}${guestId}`)).toEqual({ ok: true });
      await send(asGuest(guestId), text('guest here'));
      const { conversations } = (await server.api('GET', '/api/admin/chat/conversations', { token: agent })).body;
      const mine = conversations.find((row: { lastMessage: { message: { payload: string } } | null }) => row.lastMessage?.message.payload === 'guest here');
      const heard = nextEvent<{ sender: string; message: { payload: string } }>(socket, 'messaging', (item) => item.sender === 'agent');
      await server.api('POST', `/api/admin/chat/conversations/${mine._id}/messages`, { token: agent, body: { message: { message_type: 'text', payload: 'hello guest' } } });
      expect((await heard).message.payload).toBe('hello guest');
    } finally {
      socket.close();
    }
  });
});

// Two server nodes over one database and one Redis (DESIGN §8): the machine's Redis unless REDIS_URL names another.
describe('chat across two nodes', () => {
  it('a member on node A and an agent on node B exchange messages in real time', async () => {
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `chat-test-${crypto.randomBytes(4).toString('hex')}:` };
    const nodeA = await startTestServer({ env });
    const nodeB = await startTestServer({ env, sameDatabaseAs: nodeA });
    try {
      await nodeA.app.adminService.ensureFirstOperator({ username: 'agent-b', password: 'agent-b-pass-1' });
      const agentToken = (await nodeB.api('POST', '/api/admin/login', { body: { username: 'agent-b', password: 'agent-b-pass-1' } })).body.token;
      const member = await registerMember(nodeA);
      const memberSocket = await connect(nodeA.url, { token: member.token });
      const agentSocket = await connect(nodeB.url, { operatorToken: agentToken });
      try {
        expect(await join(memberSocket, `${PREFIX}${member.id}`)).toEqual({ ok: true });
        // The adapter's stream reader starts with the node: give both a moment to be reading.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const heardOnB = nextEvent<{ conversationId: string; item: { message: { payload: string } } }>(agentSocket, 'messaging');
        await nodeA.api('POST', '/api/chat/send-message', { token: member.token, body: text('from node A') });
        const event = await heardOnB;
        expect(event.item.message.payload).toBe('from node A');
        const heardOnA = nextEvent<{ sender: string; message: { payload: string } }>(memberSocket, 'messaging', (item) => item.sender === 'agent');
        await nodeB.api('POST', `/api/admin/chat/conversations/${event.conversationId}/messages`, { token: agentToken, body: { message: { message_type: 'text', payload: 'from node B' } } });
        expect((await heardOnA).message.payload).toBe('from node B');

        // A phone's connection drops (transport closed, not a goodbye): the node keeps the session
        // for recovery in Redis, and goes on serving.
        memberSocket.io.engine.close();
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect((await nodeA.api('GET', '/readyz')).status).toBe(200);
        expect((await nodeA.api('POST', '/api/chat/send-message', { token: member.token, body: text('still here') })).status).toBe(200);
      } finally {
        memberSocket.close();
        agentSocket.close();
      }
    } finally {
      await nodeB.close();
      await nodeA.close();
    }
    // Two servers start and stop in this test: on a busy machine that alone nears the default 30 s.
  }, 90_000);
});
