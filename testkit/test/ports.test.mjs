import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import {
  busyPorts,
  describeBusyPorts,
  holderFromSs,
  isListening,
  isPortFree,
} from '../src/ports.mjs';

function listen() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

test('a port someone listens on is busy, named with the process holding it', async () => {
  const server = await listen();
  const { port } = server.address();
  try {
    assert.equal(await isPortFree(port), false);
    assert.equal(await isListening(port), true);
    const busy = await busyPorts([{ name: 'firestore', host: '127.0.0.1', port }]);
    assert.equal(busy.length, 1);
    assert.match(busy[0].holder ?? '', new RegExp(`pid ${process.pid}\\b`));
    assert.match(
      describeBusyPorts(busy),
      new RegExp(`port ${port} \\(firestore\\) is already in use by .*pid ${process.pid}`),
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  assert.equal(await isPortFree(port), true);
  assert.equal(await isListening(port), false);
  assert.deepEqual(await busyPorts([{ name: 'firestore', host: '127.0.0.1', port }]), []);
});

test('holderFromSs reads the process name and pid of the matching port only', () => {
  const output =
    'LISTEN 0 511 127.0.0.1:80800 0.0.0.0:* users:(("other",pid=1,fd=3))\n' +
    'LISTEN 0 511 127.0.0.1:8080 0.0.0.0:* users:(("java",pid=4242,fd=20))\n';
  assert.equal(holderFromSs(output, 8080), 'java (pid 4242)');
  assert.equal(holderFromSs(output, 9099), null);
});
