/**
 * Entry of the Storage rules runtime started by firebase-tools through
 * STORAGE_EMULATOR_BINARY_PATH: JSON lines on stdin, answers on stdout, diagnostics on stderr
 * kept away (the emulator shows stderr as warnings).
 */
import { createInterface } from 'node:readline';
import { StorageRulesRuntime } from './runtime.js';

const runtime = new StorageRulesRuntime(
  (message) => process.stdout.write(JSON.stringify(message) + '\n'),
  // Non-JSON stdout lines are logged by the emulator at INFO level.
  (line) => process.stdout.write(`[storage-rules-runtime] ${line}\n`),
);

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  const text = line.trim();
  if (text === '') return;
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(text) as Record<string, unknown>;
  } catch {
    process.stdout.write(
      `[storage-rules-runtime] Ignoring a line that is not JSON: ${text.slice(0, 200)}\n`,
    );
    return;
  }
  runtime.receive(message);
});
lines.on('close', () => process.exit(0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(0));

runtime.start();
