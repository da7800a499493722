/**
 * `--report-hotspots`: production sustains about one write per second to a single document (more
 * contends, retries and finally fails); no emulator says when a workload exceeds that. This
 * watches every commit and prints each document written more than `maxPerSecond` times a second
 * over a sliding window, once per episode, with a line to paste into an issue, and keeps the
 * highest rate each document reached for the summary printed when the emulator stops.
 */
import type { CommitEvent } from '../service.js';

export interface HotspotOptions {
  log: (line: string) => void;
  /** The sliding window the rate is measured over; a burst shorter than it is not "sustained". */
  windowMs?: number;
  /** Writes per second per document production sustains. */
  maxPerSecond?: number;
  now?: () => number;
}

export interface Hotspot {
  /** The document's path below `documents/`, with its project and database when not default. */
  path: string;
  /** The most writes it had within one window. */
  peakWrites: number;
  /** `peakWrites` per second of the window. */
  peakPerSecond: number;
}

const DEFAULT_WINDOW_MS = 10_000;
/** Documents tracked at once, at most: a bulk import of millions must not grow without bound. */
const MAX_TRACKED = 100_000;

interface Track {
  /** Commit times (ms) within the current window, oldest first. */
  times: number[];
  peak: number;
  /** Whether the current episode was reported already. */
  reported: boolean;
}

/** `projects/p/databases/(default)/documents/a/b` → `a/b` (others keep `p/db:` in front). */
export function documentPathOf(name: string): string {
  const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/.exec(name);
  if (!match) return name;
  const [, project, database, path] = match;
  return database === '(default)' ? path! : `${project}/${database}: ${path}`;
}

export class HotspotReporter {
  private readonly log: (line: string) => void;
  private readonly windowMs: number;
  private readonly limit: number;
  private readonly now: () => number;
  private readonly tracks = new Map<string, Track>();
  private readonly hot = new Map<string, number>();

  constructor(options: HotspotOptions) {
    this.log = options.log;
    this.windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.limit = (options.maxPerSecond ?? 1) * (this.windowMs / 1000);
    this.now = options.now ?? Date.now;
  }

  /** Counts one write to each document the commit changed (a transaction's writes once each). */
  onCommit(event: CommitEvent): void {
    const at = this.now();
    for (const change of event.changes) this.recordWrite(documentPathOf(change.name), at);
  }

  recordWrite(path: string, at: number = this.now()): void {
    let track = this.tracks.get(path);
    if (!track) {
      if (this.tracks.size >= MAX_TRACKED) this.forgetQuiet(at);
      track = { times: [], peak: 0, reported: false };
      this.tracks.set(path, track);
    }
    const from = at - this.windowMs;
    let drop = 0;
    while (drop < track.times.length && track.times[drop]! <= from) drop += 1;
    if (drop > 0) track.times.splice(0, drop);
    // A quiet window ends the episode: the next one is reported afresh.
    if (track.times.length === 0) track.reported = false;
    track.times.push(at);
    const writes = track.times.length;
    if (writes > this.limit) {
      track.peak = Math.max(track.peak, writes);
      this.hot.set(path, Math.max(this.hot.get(path) ?? 0, writes));
      if (!track.reported) {
        track.reported = true;
        this.log(this.advice(path, writes));
      }
    }
  }

  /** Every document that went above the limit, hottest first. */
  hotspots(): Hotspot[] {
    const seconds = this.windowMs / 1000;
    return [...this.hot.entries()]
      .map(([path, peakWrites]) => ({
        path,
        peakWrites,
        peakPerSecond: Math.round((peakWrites / seconds) * 10) / 10,
      }))
      .sort((a, b) => b.peakWrites - a.peakWrites || a.path.localeCompare(b.path));
  }

  /** The lines printed when the emulator stops (nothing when no document was hot). */
  summary(): string[] {
    const list = this.hotspots();
    if (list.length === 0) return [];
    const seconds = this.windowMs / 1000;
    return [
      `Hotspots: ${list.length} document(s) were written more than ${this.limit / seconds}/s over ${seconds} s windows (production sustains about 1 write/s per document):`,
      ...list.map(
        (h) => `  ${h.path}: peak ${h.peakWrites} writes in ${seconds} s (${h.peakPerSecond}/s)`,
      ),
    ];
  }

  private advice(path: string, writes: number): string {
    const seconds = this.windowMs / 1000;
    const rate = Math.round((writes / seconds) * 10) / 10;
    return (
      `Hotspot: ${path} was written ${writes} times in the last ${seconds} s (${rate}/s). ` +
      'Production sustains about 1 write per second per document; above that writes contend, ' +
      'retry and fail. To paste into an issue: "Document ' +
      `${path} is written ${rate}/s sustained (our emulator's --report-hotspots); spread it ` +
      '(sharded counters summed on read, or a batching aggregate) or write it less often."'
    );
  }

  /** Drops the documents with no write in the current window (their peaks stay in `hot`). */
  private forgetQuiet(at: number): void {
    for (const [path, track] of this.tracks) {
      const last = track.times[track.times.length - 1];
      if (last === undefined || last <= at - this.windowMs) this.tracks.delete(path);
    }
  }
}
