import { randomUUID } from 'node:crypto';
import type { Document } from '../protocol/messages.js';
import type { CommitEvent, DocumentChange, JsonObject } from '../service.js';
import { invalidArgument } from './errors.js';

/**
 * Firestore triggers registered by the Functions emulator, and delivery of matching commit
 * changes to it: v2 functions as CloudEvents (binary mode, JSON data), v1 functions as legacy
 * background events. Each trigger has its own queue, so its events arrive in commit order; a
 * Functions emulator that is briefly unreachable is retried with backoff, but an event it received
 * is never sent again, even when the function failed (functions have no retry policy here, as in
 * the official emulator), so one failing function cannot hold up the events behind it; nothing
 * here throws into the commit path.
 */

type ChangeKind = 'created' | 'updated' | 'deleted' | 'written';

interface Trigger {
  id: string;
  projectId: string;
  databaseId: string;
  kind: ChangeKind;
  /** v2 CloudEvent type, or the v1 legacy event type. */
  eventType: string;
  format: 'cloudevent' | 'legacy';
  /** Path segments relative to `/documents`; `{x}` one segment, `{x=**}` any number. */
  pattern: string[];
  /** EXACT match type: the pattern is a literal path. */
  exact: boolean;
  queue: Promise<void>;
}

export interface TriggerDeliveryOptions {
  /** `host:port` of the Functions emulator (the `--functions_emulator` flag), if any. */
  functionsEmulator: string | null;
  log: (line: string) => void;
  /** Backoff schedule in ms between delivery attempts. */
  retryDelaysMs?: number[];
}

const V2_KINDS: Record<string, ChangeKind> = {
  'google.cloud.firestore.document.v1.created': 'created',
  'google.cloud.firestore.document.v1.updated': 'updated',
  'google.cloud.firestore.document.v1.deleted': 'deleted',
  'google.cloud.firestore.document.v1.written': 'written',
};
const V1_KINDS: Record<string, ChangeKind> = {
  'providers/cloud.firestore/eventTypes/document.create': 'created',
  'providers/cloud.firestore/eventTypes/document.update': 'updated',
  'providers/cloud.firestore/eventTypes/document.delete': 'deleted',
  'providers/cloud.firestore/eventTypes/document.write': 'written',
};

export class TriggerRegistry {
  private readonly triggers = new Map<string, Trigger>();
  private readonly retryDelaysMs: number[];

  constructor(private readonly options: TriggerDeliveryOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? [
      100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000,
    ];
  }

  /** `POST /emulator/v1/projects/{p}/eventarcTrigger?eventarcTriggerId=...` (v2 functions). */
  registerV2(projectId: string, triggerId: string, body: JsonObject): void {
    const eventType = String(body.eventType ?? '');
    const baseType = eventType.replace(/\.withAuthContext$/, '');
    const kind = V2_KINDS[baseType];
    if (!kind) throw invalidArgument(`Unsupported Firestore event type "${eventType}".`);
    const document = body.document as JsonObject | undefined;
    if (!document || typeof document.value !== 'string') {
      throw invalidArgument(
        'The trigger needs "document": {"value": "<path pattern>", "matchType": ...}.',
      );
    }
    const exact = document.matchType === 'EXACT';
    this.add({
      id: triggerId,
      projectId,
      databaseId: typeof body.database === 'string' ? body.database : '(default)',
      kind,
      eventType,
      format: 'cloudevent',
      pattern: parsePattern(document.value),
      exact,
    });
  }

  /** `PUT /emulator/v1/projects/{p}/triggers/{name}` (v1 functions). */
  registerV1(projectId: string, triggerId: string, body: JsonObject): void {
    const eventTrigger = (body.eventTrigger ?? body) as JsonObject;
    const eventType = String(eventTrigger.eventType ?? '');
    const kind = V1_KINDS[eventType];
    if (!kind) throw invalidArgument(`Unsupported Firestore event type "${eventType}".`);
    const match = /^projects\/[^/]+\/databases\/([^/]+)\/documents\/(.+)$/.exec(
      String(eventTrigger.resource ?? ''),
    );
    if (!match)
      throw invalidArgument(
        `The trigger resource "${String(eventTrigger.resource)}" is not a document path.`,
      );
    this.add({
      id: triggerId,
      projectId,
      databaseId: match[1]!,
      kind,
      eventType,
      format: 'legacy',
      pattern: parsePattern(match[2]!),
      exact: false,
    });
  }

  /** Removes every registration (all projects, or one). */
  clear(projectId?: string): void {
    for (const [id, trigger] of this.triggers) {
      if (!projectId || trigger.projectId === projectId) this.triggers.delete(id);
    }
  }

  list(projectId: string): { id: string; eventType: string; pattern: string; database: string }[] {
    return [...this.triggers.values()]
      .filter((t) => t.projectId === projectId)
      .map((t) => ({
        id: t.id,
        eventType: t.eventType,
        pattern: t.pattern.join('/'),
        database: t.databaseId,
      }));
  }

  /** Queues a delivery for every (trigger, change) pair that matches, in commit order. */
  onCommit(event: CommitEvent): void {
    if (this.triggers.size === 0) return;
    for (const change of event.changes) {
      const path = relativePath(change.name);
      if (path === null) continue;
      const segments = path.split('/');
      const kind = kindOf(change);
      if (!kind) continue;
      for (const trigger of this.triggers.values()) {
        if (trigger.projectId !== event.projectId || trigger.databaseId !== event.databaseId)
          continue;
        if (trigger.kind !== 'written' && trigger.kind !== kind) continue;
        const params = matchPattern(trigger.pattern, segments, trigger.exact);
        if (!params) continue;
        this.enqueue(trigger, event, change, path, params);
      }
    }
  }

  /** Resolves when every queued delivery has been attempted. */
  async idle(): Promise<void> {
    await Promise.all([...this.triggers.values()].map((t) => t.queue));
  }

  private add(trigger: Omit<Trigger, 'queue'>): void {
    // The Functions emulator registers `<function>-<generation>` afresh on every reload and never
    // unregisters Firestore triggers; drop the older generations of the same function.
    const base = generationBase(trigger.id);
    for (const existing of this.triggers.values()) {
      if (
        existing.projectId === trigger.projectId &&
        existing.id !== trigger.id &&
        generationBase(existing.id) === base
      ) {
        this.triggers.delete(existing.id);
      }
    }
    const previous = this.triggers.get(trigger.id);
    this.triggers.set(trigger.id, { ...trigger, queue: previous?.queue ?? Promise.resolve() });
    this.options.log(
      `trigger registered: ${trigger.id} (${trigger.eventType} on ${trigger.pattern.join('/')})`,
    );
    if (!this.options.functionsEmulator) {
      this.options.log(
        `warning: started without --functions_emulator; ${trigger.id} will receive no events.`,
      );
    }
  }

  private enqueue(
    trigger: Trigger,
    event: CommitEvent,
    change: DocumentChange,
    path: string,
    params: Record<string, string>,
  ): void {
    const target = this.options.functionsEmulator;
    if (!target) return;
    const request =
      trigger.format === 'cloudevent'
        ? cloudEventRequest(trigger, event, change, path)
        : legacyEventRequest(trigger, event, change, params);
    const url = `http://${target}/functions/projects/${encodeURIComponent(trigger.projectId)}/triggers/${encodeURIComponent(trigger.id)}`;
    trigger.queue = trigger.queue.then(() => this.deliver(trigger, url, request));
  }

  private async deliver(
    trigger: Trigger,
    url: string,
    request: { headers: Record<string, string>; body: string },
  ): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: request.headers,
          body: request.body,
        });
        const text = await response.text();
        if (response.ok) return;
        if (response.status === 404) {
          // The function is gone (reloaded under a new id): stop delivering to it.
          this.triggers.delete(trigger.id);
          this.options.log(
            `trigger ${trigger.id} no longer exists in the Functions emulator; unregistered.`,
          );
          return;
        }
        this.options.log(
          `trigger ${trigger.id}: the function failed: HTTP ${response.status} ${text.slice(0, 200)}`,
        );
        return;
      } catch (error) {
        const problem = (error as Error).message;
        // Reached the Functions emulator (e.g. the function crashed mid-request): not resent.
        if (!notDelivered(error)) {
          this.options.log(`trigger ${trigger.id}: the function failed: ${problem}`);
          return;
        }
        const delay = this.retryDelaysMs[attempt];
        if (delay === undefined) {
          this.options.log(
            `trigger ${trigger.id}: delivery failed after ${attempt + 1} attempts: ${problem}`,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** Errors raised before the Functions emulator got the request: safe to send again. */
const NOT_DELIVERED_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function notDelivered(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && NOT_DELIVERED_CODES.has(code);
}

function generationBase(id: string): string {
  return id.replace(/-\d+$/, '');
}

function relativePath(name: string): string | null {
  const index = name.indexOf('/documents/');
  return index < 0 ? null : name.slice(index + '/documents/'.length);
}

function kindOf(change: DocumentChange): ChangeKind | null {
  if (!change.before && change.after) return 'created';
  if (change.before && change.after) return 'updated';
  if (change.before && !change.after) return 'deleted';
  return null;
}

/** `a/{x}/b/{y=**}` → segments. */
export function parsePattern(pattern: string): string[] {
  const segments = pattern.replace(/^\/+|\/+$/g, '').split('/');
  if (segments.some((s) => s === ''))
    throw invalidArgument(`Invalid document pattern "${pattern}".`);
  return segments;
}

/** Matches a document path against a pattern; returns the wildcard values or null. */
export function matchPattern(
  pattern: string[],
  segments: string[],
  exact = false,
): Record<string, string> | null {
  if (exact) return pattern.join('/') === segments.join('/') ? {} : null;
  const params: Record<string, string> = {};
  const match = (pi: number, si: number): boolean => {
    if (pi === pattern.length) return si === segments.length;
    const part = pattern[pi]!;
    const wildcard = /^\{([^}=]+)(=\*\*)?\}$/.exec(part);
    if (wildcard?.[2]) {
      for (let end = segments.length; end > si; end--) {
        if (match(pi + 1, end)) {
          params[wildcard[1]!] = segments.slice(si, end).join('/');
          return true;
        }
      }
      return false;
    }
    if (si >= segments.length) return false;
    if (wildcard) params[wildcard[1]!] = segments[si]!;
    else if (part !== segments[si]) return false;
    return match(pi + 1, si + 1);
  };
  return match(0, 0) ? params : null;
}

function changedFields(before: Document | null, after: Document | null): string[] {
  const a = before?.fields ?? {};
  const b = after?.fields ?? {};
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).map(quoteFieldPath);
}

function quoteFieldPath(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
    ? key
    : `\`${key.replace(/[\\`]/g, (c) => `\\${c}`)}\``;
}

function eventData(change: DocumentChange, readTime: string): JsonObject {
  const data: JsonObject = {};
  if (change.after) data.value = { ...change.after, readTime };
  if (change.before) data.oldValue = { ...change.before, readTime };
  if (change.before && change.after)
    data.updateMask = { fieldPaths: changedFields(change.before, change.after) };
  return data;
}

function cloudEventRequest(
  trigger: Trigger,
  event: CommitEvent,
  change: DocumentChange,
  path: string,
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'ce-specversion': '1.0',
    'ce-id': randomUUID(),
    'ce-type': trigger.eventType,
    'ce-source': `//firestore.googleapis.com/projects/${event.projectId}/databases/${event.databaseId}`,
    'ce-subject': `documents/${path}`,
    'ce-time': event.commitTime,
    'ce-datacontenttype': 'application/json',
    'ce-project': event.projectId,
    'ce-database': event.databaseId,
    'ce-namespace': '(default)',
    'ce-document': path,
    'ce-location': 'us-central1',
  };
  if (trigger.eventType.endsWith('.withAuthContext')) {
    headers['ce-authtype'] = 'unknown';
  }
  return { headers, body: JSON.stringify(eventData(change, event.commitTime)) };
}

function legacyEventRequest(
  trigger: Trigger,
  event: CommitEvent,
  change: DocumentChange,
  params: Record<string, string>,
) {
  const body = {
    eventId: randomUUID(),
    timestamp: event.commitTime,
    eventType: trigger.eventType,
    resource: change.name,
    params,
    data: eventData(change, event.commitTime),
  };
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
