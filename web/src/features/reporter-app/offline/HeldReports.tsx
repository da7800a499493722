import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS, incidentTypeLabel, reportQuotaFullUntil } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { CampusName } from '../../../components/CampusName';
import { Time } from '../../../components/Time';
import { useLiveDoc } from '../../../data/live-query';
import { queuedReportOutcome, reportQuotaSpec } from '../../../data/reporter';
import { useIncidentTypes } from '../../../data/settings';
import { programmeTimeZone } from '../../../lib/institution';
import { useNow } from '../../../lib/use-now';
import { fileHeld } from '../api';
import {
  REPORT_REFUSED_KEPT,
  REPORT_REFUSED_TITLE,
  reportRefusedReason,
  untilSentOrHeld,
  useOnline,
} from './delivery';
import { forgetReport, markRefused, useHeldReports, type HeldReport } from './held-reports';

/** How soon a report still on its way is looked at again. */
const LOOK_AGAIN_MS = 3_000;
/** A report sent again keeps its own time of writing until an hour before the rules' age limit. */
const KEEPS_WRITTEN_AT_MS = LIMITS.reportWrittenMaxAgeDays * 86_400_000 - 3_600_000;

/**
 * Above every signed-in page of the app: each report this device held that the server refused on
 * arrival, with its text, why, and "Send it again" (docs/reporter-app.md#offline). It also follows
 * the reporter's quota, so that one online visit to any page leaves it on the device and a report
 * written offline afterwards counts into the right hour.
 */
export function HeldReports({ uid, email }: { uid: string; email: string }) {
  const held = useHeldReports(uid);
  const online = useOnline();
  const quota = useLiveDoc(reportQuotaSpec(uid)).data;
  const waiting = held.filter((r) => !r.refused).map((r) => r.id);
  const waitingKey = waiting.join(',');

  // After a reload (or in another tab) the outcome of a held report is known only from the
  // device's queue and the server: looked at again while any is still on its way.
  useEffect(() => {
    if (!online || !waitingKey) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      try {
        const ids = waitingKey.split(',');
        const outcomes = await Promise.all(ids.map((id) => queuedReportOutcome(id)));
        if (!current) return;
        ids.forEach((id, n) => {
          if (outcomes[n] === 'arrived') forgetReport(uid, id);
          else if (outcomes[n] === 'refused') markRefused(uid, id);
        });
        if (outcomes.includes('waiting')) timer = setTimeout(() => void look(), LOOK_AGAIN_MS);
      } catch (error) {
        // The server unreachable after all: looked at again a little later.
        console.warn('Held reports not checked', error);
        if (current) timer = setTimeout(() => void look(), LOOK_AGAIN_MS);
      }
    };
    void look();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [online, uid, waitingKey]);

  const refused = held.filter((r) => r.refused);
  const now = useNow(30_000);
  if (refused.length === 0) return null;
  const fullUntil = reportQuotaFullUntil(quota ?? undefined, now);
  return (
    <div className="mx-auto max-w-2xl space-y-3 px-4 pt-4">
      {refused.map((report) => (
        <RefusedReport
          key={report.id}
          report={report}
          reason={reportRefusedReason(
            { fullUntil, writtenAt: report.writtenAt, now },
            programmeTimeZone(),
          )}
          reporter={{ uid, email }}
        />
      ))}
    </div>
  );
}

function RefusedReport({
  report,
  reason,
  reporter,
}: {
  report: HeldReport;
  reason: string;
  reporter: { uid: string; email: string };
}) {
  const types = useIncidentTypes();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `refused-${report.id}`;

  async function sendAgain() {
    setBusy(true);
    setProblem(null);
    try {
      // Its own time of writing, unless that is about to be too old for the rules.
      const keepsTime = Date.now() - report.writtenAt < KEEPS_WRITTEN_AT_MS;
      const filed = await fileHeld(
        report.fields,
        reporter,
        keepsTime ? report.writtenAt : Date.now(),
      );
      forgetReport(reporter.uid, report.id);
      const delivery = await untilSentOrHeld(filed.sent).catch(() => null);
      // Refused again online: the new copy is listed here with its reason.
      if (delivery) void navigate(`/app/reports/${filed.id}`, { state: { filed: delivery } });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="refused-report"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-slate-900"
    >
      <h2 id={headingId} className="font-semibold text-red-900">
        {REPORT_REFUSED_TITLE}
      </h2>
      <p className="mt-1">
        {incidentTypeLabel(types, report.fields.incidentType)} ·{' '}
        <CampusName id={report.fields.nearestCampus} /> · written <Time value={report.writtenAt} />
      </p>
      <p className="mt-1">{reason}</p>
      {report.fields.description && (
        <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-red-300 bg-white p-2">
          {report.fields.description}
        </blockquote>
      )}
      <p className="mt-2">{REPORT_REFUSED_KEPT}</p>
      {problem && (
        <p role="alert" className="mt-2 text-red-800">
          Not sent: {problem}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button busy={busy} onClick={() => void sendAgain()}>
          {busy ? 'Sending…' : 'Send it again'}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => forgetReport(reporter.uid, report.id)}
        >
          Discard
        </Button>
      </div>
    </section>
  );
}
