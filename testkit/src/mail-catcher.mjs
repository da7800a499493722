/**
 * The local mail catcher: an SMTP server that keeps every message it receives (nothing is relayed)
 * and serves them as an HTML inbox and a JSON API. `npm start` runs it for the functions' mail
 * (docs/local-stack.md#mail), and the test stacks run one on free ports so tests read real mail.
 * Built on nodemailer's own `smtp-server` and `mailparser`; imported only after the install
 * check, since those are dependencies.
 *
 * HTTP: `GET /` the inbox, `GET /messages/<id>` one message, `GET /api/messages[?to=<address>]`
 * the messages as JSON (oldest first), `DELETE /api/messages` empties the inbox.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** Messages kept, oldest dropped first, and bytes per message: a runaway sender cannot fill memory. */
export const CATCHER_LIMITS = { messages: 500, messageBytes: 1024 * 1024 };

/**
 * @typedef {{ id: number, messageId: string | null, from: string, to: string[], subject: string,
 *   text: string, html: string | null, receivedAt: string }} CaughtMail
 */

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Plain text with its http(s) links clickable, everything else escaped. */
/** @param {string} text */
function linkified(text) {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) =>
      i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

const PAGE_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f8fafc}' +
  'header{background:#0f172a;color:#fff;padding:12px 16px}main{max-width:960px;margin:0 auto;padding:16px}' +
  'table{width:100%;border-collapse:collapse;background:#fff}td,th{text-align:left;padding:8px;border-bottom:1px solid #e2e8f0;vertical-align:top}' +
  'pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e2e8f0;padding:12px}' +
  '@media (max-width:600px){.when{display:none}}';

/** @param {string} title @param {string} body */
const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head><body><header><strong>Local mail catcher</strong> · nothing here leaves this machine</header><main>${body}</main></body></html>`;

/** @param {CaughtMail[]} messages */
function inboxPage(messages) {
  const rows = [...messages]
    .reverse()
    .map(
      (m) =>
        `<tr><td><a href="/messages/${m.id}">${escapeHtml(m.subject || '(no subject)')}</a></td><td>${escapeHtml(m.to.join(', '))}</td><td class="when">${escapeHtml(m.receivedAt)}</td></tr>`,
    )
    .join('');
  const table = messages.length
    ? `<table><thead><tr><th>Subject</th><th>To</th><th class="when">Received</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No mail yet. Mail the functions send appears here.</p>';
  return page(`Inbox (${messages.length})`, `<h1>Inbox (${messages.length})</h1>${table}`);
}

/** @param {CaughtMail} m */
function messagePage(m) {
  return page(
    m.subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1>` +
      `<p>From: ${escapeHtml(m.from)}<br>To: ${escapeHtml(m.to.join(', '))}<br>Received: ${escapeHtml(m.receivedAt)}</p>` +
      `<pre>${linkified(m.text)}</pre>`,
  );
}

/** @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field */
function addresses(field) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);
}

/**
 * Starts the catcher; port 0 lets the OS choose (the test stacks). Resolves once both listen.
 * @param {{ host?: string, smtpPort?: number, httpPort?: number }} [options]
 */
export async function startMailCatcher({ host = '127.0.0.1', smtpPort = 0, httpPort = 0 } = {}) {
  /** @type {CaughtMail[]} */
  const messages = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: CATCHER_LIMITS.messageBytes,
    logger: false,
    banner: 'Campus Safety local mail catcher',
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (/** @type {{ sizeExceeded?: boolean }} */ (stream).sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          messages.push({
            id: nextId++,
            messageId: parsed.messageId ?? null,
            from:
              parsed.from?.text ??
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          });
          if (messages.length > CATCHER_LIMITS.messages) messages.shift();
          callback();
        })
        .catch((/** @type {Error} */ error) => callback(error));
    },
  });

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher');
    const send = (
      /** @type {number} */ status,
      /** @type {string} */ type,
      /** @type {string} */ body,
    ) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (url.pathname === '/api/messages' && request.method === 'DELETE') {
      messages.length = 0;
      return send(204, 'text/plain', '');
    }
    if (request.method !== 'GET') return send(405, 'text/plain', 'Method not allowed');
    if (url.pathname === '/api/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
      return send(200, 'application/json', JSON.stringify({ messages: found }));
    }
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', inboxPage(messages));
    const one = /^\/messages\/(\d+)$/.exec(url.pathname);
    const message = one ? messages.find((m) => m.id === Number(one[1])) : undefined;
    if (message) return send(200, 'text/html; charset=utf-8', messagePage(message));
    return send(404, 'text/plain', 'Not found');
  });

  const listen = (
    /** @type {{ listen: Function, once: Function }} */ server,
    /** @type {number} */ port,
  ) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(undefined));
    });
  await listen(smtp.server, smtpPort);
  try {
    await listen(http, httpPort);
  } catch (error) {
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
    throw error;
  }
  const portOf = (/** @type {import('node:net').Server} */ s) =>
    /** @type {import('node:net').AddressInfo} */ (s.address()).port;
  const smtpAt = { host, port: portOf(smtp.server) };
  const httpAt = { host, port: portOf(http) };
  return {
    smtp: smtpAt,
    http: httpAt,
    /** The inbox a developer opens. */
    url: `http://${host}:${httpAt.port}/`,
    messages: () => [...messages],
    async stop() {
      http.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => http.close(() => resolve(undefined))),
        new Promise((resolve) => smtp.close(() => resolve(undefined))),
      ]);
    },
  };
}
