// The floor of the server CPU benchmark (bench/servercpu.mjs): `node:http` and better-sqlite3,
// answering `GET` and `POST /api/v1/widget/messages` with the SQL statements the reference server
// runs for them, in the same order, over the same database file, and the same JSON. Each
// statement is prepared once. It checks what must be checked (the visitor's HS256 token, the
// content's length, the echo_id, the flood guard) and nothing else: no framework, logging,
// metrics, presence, rate limits or realtime. Run as a child process:
//   DATABASE_PATH=… SECRET_KEY_BASE=… WEBSITE_TOKEN=… node bareApiServer.mjs <port>
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import SQLite from 'better-sqlite3';

const port = Number(process.argv[2]);
const secret = process.env.SECRET_KEY_BASE;
const db = new SQLite(process.env.DATABASE_PATH);
db.pragma('journal_mode = WAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const INCOMING = 0;
const ACTIVITY = 2;
const PAGE_SIZE = 20;
const FLOOD_PER_MINUTE = 200;

const statements = new Map();
/** A statement prepared once per SQL text. */
const stmt = (sql) => {
  let prepared = statements.get(sql);
  if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
  return prepared;
};
const inList = (n) => Array.from({ length: n }, () => '?').join(', ');

const SQL = {
  inbox: 'select * from "inboxes" where "website_token" = ?',
  contactInbox: 'select * from "contact_inboxes" where "inbox_id" = ? and "source_id" = ?',
  contact: 'select * from "contacts" where "id" = ?',
  conversation: 'select * from "conversations" where "conversations"."contact_inbox_id" = ? order by "id" desc limit ?',
  messages: 'select * from "messages" where "conversation_id" = ? and "private" = ? and "message_type" != ? order by "id" desc limit ?',
  users: (n) => `select * from "users" where "id" in (${inList(n)})`,
  contacts: (n) => `select * from "contacts" where "id" in (${inList(n)})`,
  attachments: (n) => `select * from "attachments" where "message_id" in (${inList(n)}) order by "id"`,
  visitorSend: 'select * from "messages" where "conversation_id" = ? and "message_type" = ? and "sender_type" = ? and "echo_id" = ?',
  countIncoming: 'select count(*) as "count" from "messages" where "conversation_id" = ? and "message_type" = ? and "created_at" >= ?',
  insertMessage:
    'insert into "messages" ("account_id", "inbox_id", "conversation_id", "message_type", "content", "echo_id", "content_attributes", "sender_type", "sender_id", "content_type", "additional_attributes", "private", "agent_echo_id", "source_id", "status", "created_at", "updated_at") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *',
  touchConversation: 'update "conversations" set "last_activity_at" = ?, "updated_at" = ? where "id" = ? returning *',
  touchContact: 'update "contacts" set "last_activity_at" = ?, "updated_at" = ? where "id" = ? returning *',
};

const json = (text, fallback) => {
  try {
    return text ? (JSON.parse(text) ?? fallback) : fallback;
  } catch {
    return fallback;
  }
};

/** The inbox of a website token: read once, as the reference server caches it. */
const inboxes = new Map();
function inboxOf(token) {
  if (!token) return undefined;
  if (!inboxes.has(token)) inboxes.set(token, stmt(SQL.inbox).get(token));
  return inboxes.get(token);
}

/** The claims of a valid HS256 token signed with SECRET_KEY_BASE, or null. */
function verifyToken(token) {
  if (!token || token.length > 2048) return null;
  const [header, payload, signature, extra] = token.split('.');
  if (!signature || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = json(Buffer.from(payload, 'base64url').toString(), null);
  if (!claims || typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
  if (typeof claims.source_id !== 'string' || !claims.source_id) return null;
  return claims;
}

/** The stored visitor of the request, or undefined. */
function visitorOf(req, url) {
  const inbox = inboxOf(url.searchParams.get('website_token'));
  const claims = inbox && verifyToken(req.headers['x-auth-token']);
  if (!claims || Number(claims.inbox_id) !== inbox.id) return undefined;
  const contactInbox = stmt(SQL.contactInbox).get(inbox.id, claims.source_id);
  const contact = contactInbox && stmt(SQL.contact).get(contactInbox.contact_id);
  return contact && { inbox, contactInbox, contact };
}

const seconds = (ms) => (ms === null ? null : Math.floor(ms / 1000));

function contactData(c) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone_number: c.phone_number,
    identifier: c.identifier,
    thumbnail: c.avatar_url ?? '',
    additional_attributes: json(c.additional_attributes, {}),
    custom_attributes: json(c.custom_attributes, {}),
    blocked: c.blocked === 1,
    type: 'contact',
  };
}

function userData(u) {
  const avatar = u.avatar_url ?? '';
  return {
    id: u.id,
    name: u.name,
    available_name: u.display_name || u.name,
    avatar_url: avatar,
    type: 'user',
    availability_status: u.availability,
    thumbnail: avatar,
  };
}

function attachmentData(a) {
  const url = a.external_url ?? `/uploads/${a.storage_key}/${encodeURIComponent(a.file_name || 'file')}`;
  return {
    id: a.id,
    message_id: a.message_id,
    file_type: a.file_type,
    account_id: a.account_id,
    extension: a.extension,
    data_url: url,
    thumb_url: a.file_type === 'image' ? url : '',
    file_size: a.file_size ?? 0,
    width: a.width,
    height: a.height,
  };
}

/** Senders and attachments of `messages`, by id. */
function related(messages) {
  const ids = (type) => [...new Set(messages.filter((m) => m.sender_type === type && m.sender_id !== null).map((m) => m.sender_id))];
  const [userIds, contactIds] = [ids('User'), ids('Contact')];
  const users = new Map(
    userIds.length
      ? stmt(SQL.users(userIds.length))
          .all(...userIds)
          .map((u) => [u.id, u])
      : [],
  );
  const contacts = new Map(
    contactIds.length
      ? stmt(SQL.contacts(contactIds.length))
          .all(...contactIds)
          .map((c) => [c.id, c])
      : [],
  );
  const attachments = new Map();
  if (messages.length) {
    for (const a of stmt(SQL.attachments(messages.length)).all(...messages.map((m) => m.id)))
      attachments.set(a.message_id, [...(attachments.get(a.message_id) ?? []), a]);
  }
  return (m) => {
    const user = m.sender_type === 'User' ? users.get(m.sender_id) : undefined;
    const contact = m.sender_type === 'Contact' ? contacts.get(m.sender_id) : undefined;
    const files = attachments.get(m.id);
    return {
      sender: user ? userData(user) : contact ? contactData(contact) : undefined,
      attachments: files && { attachments: files.map(attachmentData) },
      echo: m.message_type === INCOMING && m.echo_id ? { echo_id: m.echo_id } : undefined,
    };
  };
}

function listMessages(visitor) {
  const conversation = stmt(SQL.conversation).get(visitor.contactInbox.id, 1);
  if (!conversation) return { payload: [], meta: {} };
  const messages = stmt(SQL.messages).all(conversation.id, 0, ACTIVITY, PAGE_SIZE).reverse();
  const of = related(messages);
  const payload = messages.map((m) => {
    const { sender, attachments, echo } = of(m);
    return {
      id: m.id,
      content: m.content,
      message_type: m.message_type,
      content_type: m.content_type,
      content_attributes: json(m.content_attributes, {}),
      created_at: seconds(m.created_at),
      conversation_id: conversation.display_id,
      status: m.status,
      ...attachments,
      ...(sender && { sender }),
      ...echo,
    };
  });
  return { payload, meta: { contact_last_seen_at: seconds(conversation.contact_last_seen_at) ?? 0 } };
}

/** Stores a visitor message in their latest conversation; [status, body]. */
function postMessage(visitor, body) {
  const message = json(body, null)?.message;
  const content = message?.content;
  if (typeof content !== 'string' || !content.trim() || content.length > 10_000) return [422, { error: "Message content can't be blank" }];
  const echoId = typeof message.echo_id === 'string' && message.echo_id.length <= 255 ? message.echo_id : null;
  let conversation = stmt(SQL.conversation).get(visitor.contactInbox.id, 1);
  if (!conversation) return [422, { error: 'no conversation (the bench starts them)' }];
  const respond = (m) => {
    const { sender, attachments, echo } = related([m])(m);
    return {
      id: m.id,
      content: m.content,
      inbox_id: m.inbox_id,
      conversation_id: conversation.display_id,
      message_type: m.message_type,
      created_at: seconds(m.created_at),
      private: m.private === 1,
      source_id: m.source_id,
      content_attributes: json(m.content_attributes, {}),
      status: m.status,
      ...attachments,
      sender: sender ?? null,
      ...echo,
    };
  };
  if (echoId) {
    const stored = stmt(SQL.visitorSend).get(conversation.id, INCOMING, 'Contact', echoId);
    if (stored) return [200, respond(stored)];
  }
  if (stmt(SQL.countIncoming).get(conversation.id, INCOMING, Date.now() - 60_000).count >= FLOOD_PER_MINUTE)
    return [422, { error: 'Too many messages' }];
  const now = Date.now();
  stmt('begin').run();
  const created = stmt(SQL.insertMessage).get(
    ...[conversation.account_id, conversation.inbox_id, conversation.id, INCOMING, content, echoId, '{}', 'Contact'],
    ...[visitor.contact.id, 'text', '{}', 0, null, null, 'sent', now, now],
  );
  stmt('commit').run();
  conversation = stmt(SQL.touchConversation).get(created.created_at, Date.now(), conversation.id);
  const contact = stmt(SQL.touchContact).get(created.created_at, Date.now(), visitor.contact.id);
  const answer = respond(created);
  if (visitor.inbox.enable_email_collect === 1 && !contact.email) stmt(SQL.countIncoming).get(conversation.id, INCOMING, 0);
  return [200, answer];
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname !== '/api/v1/widget/messages') return send(res, 404, { error: 'Not found' });
  const visitor = visitorOf(req, url);
  if (req.method === 'GET') return visitor ? send(res, 200, listMessages(visitor)) : send(res, 404, { error: 'Not found' });
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    if (!visitor) return send(res, 404, { error: 'Not found' });
    const [status, body] = postMessage(visitor, Buffer.concat(chunks).toString());
    send(res, status, body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
