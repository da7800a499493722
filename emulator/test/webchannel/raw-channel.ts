/**
 * A raw WebChannel client for protocol tests: speaks the wire format the closure client speaks
 * (form-encoded forward maps, length-prefixed back channel chunks) over fetch.
 */
export type ChannelArray = [number, unknown[]];

/** Splits a body of `<length>\n<json>` chunks; throws when a chunk is cut short. */
export function parseChunks(text: string): unknown[] {
  const chunks: unknown[] = [];
  let offset = 0;
  while (offset < text.length) {
    const newline = text.indexOf('\n', offset);
    if (newline < 0)
      throw new Error(`incomplete chunk header at ${offset}: ${JSON.stringify(text)}`);
    const length = Number(text.slice(offset, newline));
    if (!Number.isInteger(length)) throw new Error(`bad chunk length in ${JSON.stringify(text)}`);
    const end = newline + 1 + length;
    if (end > text.length) throw new Error(`chunk cut short in ${JSON.stringify(text)}`);
    chunks.push(JSON.parse(text.slice(newline + 1, end)));
    offset = end;
  }
  return chunks;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

export function encodeMaps(messages: unknown[], offset: number): string {
  const fields = [`count=${messages.length}`, `ofs=${offset}`];
  messages.forEach((message, index) => {
    fields.push(`req${index}___data__=${encodeURIComponent(JSON.stringify(message))}`);
  });
  return fields.join('&');
}

export class RawChannel {
  sid = '';
  /** Last array id received (sent as AID). */
  lastArrayId = 0;
  private nextMapId = 0;
  private rid = 1000;

  constructor(
    readonly baseUrl: string,
    readonly kind: 'Listen' | 'Write',
    readonly database: string,
  ) {}

  url(params: Record<string, string | number>): string {
    const url = new URL(`${this.baseUrl}/google.firestore.v1.Firestore/${this.kind}/channel`);
    url.searchParams.set('database', this.database);
    url.searchParams.set('VER', '8');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
    return url.toString();
  }

  /** The handshake POST, carrying the first messages and (like the SDK) headers in the body. */
  async open(
    messages: unknown[],
    headers: Record<string, string> = {},
    params: Record<string, string> = {},
  ): Promise<RawResponse> {
    const headerBlock = Object.entries(headers)
      .map(([name, value]) => `${name}:${value}\r\n`)
      .join('');
    const body =
      (headerBlock ? `headers=${encodeURIComponent(headerBlock)}&` : '') +
      encodeMaps(messages, this.nextMapId);
    this.nextMapId += messages.length;
    const response = await post(
      this.url({ RID: this.rid++, CVER: 22, 'X-HTTP-Session-Id': 'gsessionid', ...params }),
      body,
    );
    if (response.status === 200) {
      const [handshake] = parseChunks(response.text) as [ChannelArray[]];
      this.sid = String((handshake[0] as ChannelArray)[1][1]);
    }
    return response;
  }

  /** A forward POST; returns the raw response (parse with parseChunks). */
  async send(messages: unknown[], offset = this.nextMapId): Promise<RawResponse> {
    this.nextMapId = Math.max(this.nextMapId, offset + messages.length);
    return post(
      this.url({ SID: this.sid, RID: this.rid++, AID: this.lastArrayId }),
      encodeMaps(messages, offset),
    );
  }

  /** One long-poll back channel request (CI=1); returns the arrays and records the last id. */
  async poll(params: Record<string, string | number> = {}): Promise<ChannelArray[]> {
    const response = await fetch(
      this.url({
        SID: this.sid,
        RID: 'rpc',
        AID: this.lastArrayId,
        CI: 1,
        TYPE: 'xmlhttp',
        ...params,
      }),
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`poll failed: ${response.status} ${text}`);
    const arrays = parseChunks(text).flat() as ChannelArray[];
    this.note(arrays);
    return arrays;
  }

  /** Long-polls until `predicate` holds for the arrays received so far. */
  async pollUntil(predicate: (payloads: unknown[]) => boolean, limit = 20): Promise<unknown[]> {
    const payloads: unknown[] = [];
    for (let i = 0; i < limit; i++) {
      for (const [, payload] of await this.poll())
        if (payload[0] !== 'noop') payloads.push(payload[0]);
      if (predicate(payloads)) return payloads;
    }
    throw new Error(`condition not met after ${limit} polls: ${JSON.stringify(payloads)}`);
  }

  /** Opens a streaming back channel (CI=0). */
  stream(): StreamingBackChannel {
    return new StreamingBackChannel(
      this,
      this.url({ SID: this.sid, RID: 'rpc', AID: this.lastArrayId, CI: 0, TYPE: 'xmlhttp' }),
    );
  }

  async terminate(method: 'GET' | 'POST' = 'POST'): Promise<RawResponse> {
    const url = this.url({ SID: this.sid, RID: this.rid++, TYPE: 'terminate' });
    return method === 'POST' ? post(url, '') : get(url);
  }

  note(arrays: ChannelArray[]): void {
    for (const [id] of arrays) this.lastArrayId = Math.max(this.lastArrayId, id);
  }
}

export class StreamingBackChannel {
  private readonly abort = new AbortController();
  private buffer = '';
  private readonly arrays: ChannelArray[] = [];
  private waiters: (() => void)[] = [];
  readonly done: Promise<void>;
  status = 0;

  constructor(
    private readonly channel: RawChannel,
    url: string,
  ) {
    this.done = this.read(url);
  }

  /** Resolves with the next array whose payload is not a noop, or null after `timeoutMs`. */
  async next(timeoutMs = 5000, skipNoops = true): Promise<ChannelArray | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.arrays.length > 0) {
        const array = this.arrays.shift() as ChannelArray;
        if (!skipNoops || array[1][0] !== 'noop') return array;
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.abort.abort();
  }

  private async read(url: string): Promise<void> {
    try {
      const response = await fetch(url, { signal: this.abort.signal });
      this.status = response.status;
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        this.drain();
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    } finally {
      this.wake();
    }
  }

  private drain(): void {
    for (;;) {
      const newline = this.buffer.indexOf('\n');
      if (newline < 0) return;
      const length = Number(this.buffer.slice(0, newline));
      if (this.buffer.length < newline + 1 + length) return;
      const arrays = JSON.parse(
        this.buffer.slice(newline + 1, newline + 1 + length),
      ) as ChannelArray[];
      this.buffer = this.buffer.slice(newline + 1 + length);
      this.channel.note(arrays);
      this.arrays.push(...arrays);
      this.wake();
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

async function post(url: string, body: string): Promise<RawResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function get(url: string): Promise<RawResponse> {
  const response = await fetch(url);
  return { status: response.status, headers: response.headers, text: await response.text() };
}
