/**
 * `--report-rules-reads`: production refuses a request whose rules read more than 10 documents
 * (20 in a batch) with get()/exists(); our engine enforces that as production does, but a request
 * at 9 passes silently. This keeps, per kind of request (method and path with its document ids
 * as `{id}`), the most documents its rules read, and on stop prints the heaviest kinds, so the
 * worst case of a ruleset over a suite is measured, not guessed (docs/security-rules.md).
 */
import type { AccessRequest } from '../service.js';

export interface RulesReadsRecord {
  /** `update users/{id}`: the method and the path, document ids replaced. */
  shape: string;
  /** The most documents one request of this shape read (a batch: all its writes together). */
  reads: number;
  /** A path that read that many. */
  example: string;
  /** Whether the request was a write of a batch (limit 20) rather than alone (limit 10). */
  batch: boolean;
}

/** Kinds of request tracked, at most: paths are templates, so a suite has a few hundred. */
const MAX_SHAPES = 10_000;

/** `users/abc/notifications/n1` → `users/{id}/notifications/{id}`; a list keeps its collection. */
export function requestShape(method: string, path: string): string {
  const segments = path.split('/').filter((s) => s !== '');
  return `${method} ${segments.map((s, i) => (i % 2 === 1 ? '{id}' : s)).join('/')}`;
}

export class RulesReadsReporter {
  private readonly shapes = new Map<string, RulesReadsRecord>();

  /** One decided request and the documents its rules had read (for a batch, so far). */
  record(request: Pick<AccessRequest, 'method' | 'path' | 'batch'>, reads: number): void {
    const shape = requestShape(request.method, request.path);
    const known = this.shapes.get(shape);
    if (known && known.reads >= reads) return;
    if (!known && this.shapes.size >= MAX_SHAPES) return;
    this.shapes.set(shape, { shape, reads, example: request.path, batch: !!request.batch });
  }

  /** Every shape, heaviest first. */
  records(): RulesReadsRecord[] {
    return [...this.shapes.values()].sort(
      (a, b) => b.reads - a.reads || a.shape.localeCompare(b.shape),
    );
  }

  /** The lines printed on stop: the heaviest shapes (at most `top`). */
  summary(top = 15): string[] {
    const records = this.records();
    if (records.length === 0) return ['Rules reads: no request read a document.'];
    return [
      `Rules reads: the most documents one request's rules read, of ${records.length} kinds of request (limits 10 alone, 20 in a batch):`,
      ...records
        .slice(0, top)
        .map((r) => `  ${r.reads} ${r.shape}${r.batch ? ' (in a batch)' : ''}, e.g. ${r.example}`),
    ];
  }
}
