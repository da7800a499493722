/**
 * Speaks the Storage emulator's side of the runtime protocol to a spawned storage-rules-runtime,
 * as firebase-tools' lib/emulator/storage/rules/runtime.js does.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Message = Record<string, unknown>;

export class RuntimeClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private nextId = 0;
  private readonly handlers = new Map<number, (m: Message) => void>();
  readonly infoLines: string[] = [];
  /** Firestore documents served to firestore.get() callbacks, by `/databases/...` path. */
  documents: Record<string, Message> = {};
  readonly fetched: string[] = [];
  readonly ready: Promise<void>;

  constructor(
    command: string[] = [
      'node',
      '--import',
      'tsx',
      fileURLToPath(new URL('../../src/storage-rules/main.ts', import.meta.url)),
    ],
  ) {
    this.child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.ready = new Promise((resolve) => this.handlers.set(-1, () => resolve()));
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk.toString('utf8')));
  }

  private onData(chunk: string): void {
    this.buffer += chunk;
    const lines = this.buffer.split('\n');
    this.buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      let m: Message;
      try {
        m = JSON.parse(line) as Message;
      } catch {
        this.infoLines.push(line);
        continue;
      }
      const id = (m.id ?? m.server_request_id) as number;
      if ('context' in m && m.action === 'fetch_firestore_document') {
        const path = String((m.context as { path: string }).path);
        this.fetched.push(path);
        const found = this.documents[path];
        const answer = found
          ? { result: found, status: 'ok', warnings: [], errors: [] }
          : { status: 'not_found', warnings: [], errors: [] };
        this.child.stdin.write(JSON.stringify({ ...answer, id }) + '\n');
        continue;
      }
      const handler = this.handlers.get(id);
      this.handlers.delete(id);
      handler?.(m);
    }
  }

  request(action: string, context: Message): Promise<Message> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.handlers.set(id, resolve);
      this.child.stdin.write(JSON.stringify({ action, context, id }) + '\n');
    });
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    await exited;
  }
}

/** ExpressionValue JSON as firebase-tools' toExpressionValue builds it. */
export function ev(obj: unknown): Message {
  if (typeof obj === 'string') return { string_value: obj };
  if (typeof obj === 'boolean') return { bool_value: obj };
  if (typeof obj === 'number')
    return Math.floor(obj) === obj ? { int_value: obj } : { float_value: obj };
  if (obj instanceof Date) return { timestamp_value: obj.toISOString() };
  if (Array.isArray(obj)) return { list_value: { values: obj.map(ev) } };
  if (obj === null || obj === undefined) return { null_value: null };
  return {
    map_value: {
      fields: Object.fromEntries(Object.entries(obj as Message).map(([k, v]) => [k, ev(v)])),
    },
  };
}

/** The verify context firebase-tools sends for one request. */
export function verifyContext(
  rulesetName: string,
  method: string,
  path: string,
  opts: { uid?: string; claims?: Message; before?: Message | null; after?: Message | null } = {},
): Message {
  const auth = opts.uid
    ? ev({ uid: opts.uid, token: { user_id: opts.uid, ...(opts.claims ?? {}) } })
    : { null_value: null };
  return {
    rulesetName,
    service: 'firebase.storage',
    path,
    method,
    variables: {
      resource: ev(opts.before ?? null),
      request: {
        map_value: {
          fields: {
            path: {
              path_value: {
                segments: path
                  .split('/')
                  .filter((s) => s)
                  .map((simple) => ({ simple })),
              },
            },
            time: ev(new Date()),
            resource: ev(opts.after ?? null),
            auth,
          },
        },
      },
    },
  };
}
