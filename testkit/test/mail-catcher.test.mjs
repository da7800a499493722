import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { startMailCatcher } from '../src/mail-catcher.mjs';
import { mailTo, waitForMail } from '../src/mail.mjs';

/** One message over a plain SMTP dialogue, each command sent after the server's answer. */
function sendRaw({ port, from, to, data }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const steps = [
      'EHLO test.local',
      `MAIL FROM:<${from}>`,
      ...to.map((t) => `RCPT TO:<${t}>`),
      'DATA',
      `${data.replace(/\n/g, '\r\n')}\r\n.`,
      'QUIT',
    ];
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      buffer += chunk;
      // A reply is complete at a line "NNN text" (a space after the code, not a dash).
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        const line = /^(\d{3}) .*\r\n/m.exec(buffer);
        buffer = buffer.slice(line.index + line[0].length);
        if (Number(line[1]) >= 400) return reject(new Error(line[0]));
        const next = steps.shift();
        if (next === undefined) return;
        socket.write(`${next}\r\n`);
      }
    });
    socket.on('end', resolve);
    socket.on('error', reject);
  });
}

let catcher;
before(async () => {
  catcher = await startMailCatcher();
});
after(() => catcher.stop());

test('keeps each message for its envelope recipients and serves it as JSON', async () => {
  await sendRaw({
    port: catcher.smtp.port,
    from: 'functions@campus.test',
    to: ['Ana@Campus.test'],
    data: 'Subject: Assigned to you: Fire <b>\nMessage-ID: <x-1@campus-safety>\n\nOpen http://127.0.0.1:5000/reports?id=a1 now',
  });
  const [mail] = await waitForMail(catcher.url, { to: 'ana@campus.test' });
  assert.equal(mail.subject, 'Assigned to you: Fire <b>');
  assert.equal(mail.messageId, '<x-1@campus-safety>');
  assert.deepEqual(mail.to, ['ana@campus.test']);
  assert.match(mail.text, /reports\?id=a1/);
  assert.deepEqual(await mailTo(catcher.url, 'someone-else@campus.test'), []);
});

test('the inbox page escapes what mail says and links what it links', async () => {
  const inbox = await (await fetch(catcher.url)).text();
  assert.ok(inbox.includes('Assigned to you: Fire &lt;b&gt;'));
  assert.ok(!inbox.includes('Fire <b>'));
  const [mail] = await mailTo(catcher.url, 'ana@campus.test');
  const page = await (await fetch(new URL(`/messages/${mail.id}`, catcher.url))).text();
  assert.ok(page.includes('<a href="http://127.0.0.1:5000/reports?id=a1">'));
  assert.equal((await fetch(new URL('/messages/999', catcher.url))).status, 404);
});

test('DELETE /api/messages empties the inbox', async () => {
  const response = await fetch(new URL('/api/messages', catcher.url), { method: 'DELETE' });
  assert.equal(response.status, 204);
  assert.deepEqual(catcher.messages(), []);
});
