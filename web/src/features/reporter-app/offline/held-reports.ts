import { useSyncExternalStore } from 'react';
import { LIMITS, fileAnonymousReportSchema } from '@campus-safety/model';
import type { ReportFields } from '../../../data/reporter';

/**
 * The named reports this device wrote that the server has not confirmed yet, kept in
 * localStorage beside the SDK's own queue (docs/reporter-app.md#offline): the SDK drops a write the
 * rules refuse, so without this a refused report would vanish. Each reporter's list is their own
 * (keyed by uid), bounded, and an entry goes once the server has the report; a refused one stays,
 * with its content, until sent again or discarded.
 */
export interface HeldReport {
  id: string;
  fields: ReportFields;
  /** The device's time of writing (ms), kept when it is sent again. */
  writtenAt: number;
  refused: boolean;
}

/** At most an hour's reports: more cannot be in flight at once (the quota). */
export const HELD_REPORTS_MAX = LIMITS.reportsPerReporterPerHour;

const keyOf = (uid: string) => `campus-safety.held-reports.${uid}`;
const ID = /^[A-Za-z0-9]{1,40}$/;

/** What the store holds for `uid`, each entry checked (a damaged or foreign entry is dropped). */
export function parseHeld(raw: string | null): HeldReport[] {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((entry: unknown): HeldReport[] => {
      const e = entry as Partial<HeldReport> | null;
      const fields = fileAnonymousReportSchema.safeParse(e?.fields);
      return e &&
        typeof e.id === 'string' &&
        ID.test(e.id) &&
        fields.success &&
        typeof e.writtenAt === 'number' &&
        Number.isFinite(e.writtenAt)
        ? [{ id: e.id, fields: fields.data, writtenAt: e.writtenAt, refused: e.refused === true }]
        : [];
    })
    .slice(-HELD_REPORTS_MAX);
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function read(uid: string): HeldReport[] {
  return parseHeld(localStorage.getItem(keyOf(uid)));
}

function write(uid: string, list: readonly HeldReport[]) {
  const kept = list.slice(-HELD_REPORTS_MAX);
  if (kept.length === 0) localStorage.removeItem(keyOf(uid));
  else localStorage.setItem(keyOf(uid), JSON.stringify(kept));
  notify();
}

/** Remembers a report just written on the device, until the server has it. */
export function holdReport(uid: string, report: Omit<HeldReport, 'refused'>) {
  write(uid, [...read(uid).filter((r) => r.id !== report.id), { ...report, refused: false }]);
}

/** The server has the report: nothing to keep. Also "discard" for a refused one. */
export function forgetReport(uid: string, id: string) {
  write(
    uid,
    read(uid).filter((r) => r.id !== id),
  );
}

/** The server refused it: kept, marked, for the reporter to send again. */
export function markRefused(uid: string, id: string) {
  write(
    uid,
    read(uid).map((r) => (r.id === id ? { ...r, refused: true } : r)),
  );
}

/** Settles a held report by the outcome of its write while the page is open. */
export function watchHeldReport(uid: string, id: string, sent: Promise<void>) {
  sent.then(
    () => forgetReport(uid, id),
    () => markRefused(uid, id),
  );
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab of the app settled one.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The reporter's held reports, following changes (this tab's and other tabs'). */
export function useHeldReports(uid: string | null): HeldReport[] {
  const raw = useSyncExternalStore(subscribe, () =>
    uid ? localStorage.getItem(keyOf(uid)) : null,
  );
  return parseCached(raw);
}

// The same stored text gives the same list, so a render does not see a new one each time.
let cached: { raw: string | null; list: HeldReport[] } = { raw: null, list: [] };
function parseCached(raw: string | null) {
  if (cached.raw !== raw) cached = { raw, list: parseHeld(raw) };
  return cached.list;
}
