import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CAMPUSES,
  CHANNEL_LABELS,
  KIND_LABELS,
  OFFENCE_LABELS,
  STATE_LABELS,
  audienceLabel,
  isCleryAlert,
  isOneOf,
  reportToWarningMinutes,
  sumReceipts,
  type MassNotification,
  type MassNotificationChannel,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, InlineSpinner } from '../../components/States';
import { Table, type Column } from '../../components/Table';
import { Time } from '../../components/Time';
import { toast } from '../../components/toast-store';
import { useAction } from '../../components/use-action';
import { useLiveDoc, useLiveQuery } from '../../data/live-query';
import {
  alertBatchesSpec,
  alertReadShardsSpec,
  massNotificationSpec,
  massNotificationsSpec,
} from '../../data/mass-notifications';
import type { WithId } from '../../data/spec';
import { formatMinutes } from '../../lib/format';
import { useAuth } from '../../session/store';
import { approveMassNotification } from './api';
import { ComposeDialog } from './ComposeDialog';
import { useAlertSettings } from './use-alert-settings';

interface ReceiptRow {
  channel: MassNotificationChannel;
  targeted: number;
  sent: number;
  failed: number;
  skipped: number;
}

const RECEIPT_COLUMNS: Column<ReceiptRow>[] = [
  { header: 'Channel', cell: (r) => CHANNEL_LABELS[r.channel], rowHeader: true },
  { header: 'Targeted', cell: (r) => r.targeted, numeric: true },
  { header: 'Sent', cell: (r) => r.sent, numeric: true },
  { header: 'Failed', cell: (r) => r.failed, numeric: true },
  { header: 'Skipped', cell: (r) => r.skipped, numeric: true },
];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One alert: what it said, to whom, its Clery facts, the live delivery receipts per channel
 * (summed from the fan-out's pages and the read shards), approval, and its updates.
 */
export default function MassNotificationPage() {
  const { id = '' } = useParams();
  const profile = useAuth((s) => s.profile);
  const isAdmin = profile?.role === 'Admin';
  const alert = useLiveDoc(useMemo(() => massNotificationSpec(id), [id]));
  const batches = useLiveQuery(useMemo(() => alertBatchesSpec(id), [id]));
  const reads = useLiveQuery(useMemo(() => alertReadShardsSpec(id), [id]));
  const list = useLiveQuery(
    useMemo(
      () => massNotificationsSpec(isAdmin ? 'Admin' : 'IMT', profile?.campus ?? null),
      [isAdmin, profile?.campus],
    ),
  );
  const settings = useAlertSettings();
  const [following, setFollowing] = useState(false);
  const approve = useAction(
    async () => {
      await approveMassNotification(id);
      toast.success('Alert approved', 'It is on its way.');
    },
    { failureTitle: 'The alert was not approved' },
  );

  if (alert.error) return <ErrorState message={alert.error} onRetry={alert.retry} />;
  if (alert.status === 'loading') return <InlineSpinner />;
  const a = alert.data;
  if (!a) return <ErrorState message="This alert does not exist or is not yours to see." />;

  const receipts = sumReceipts(batches.data, reads.data);
  const rows: ReceiptRow[] = a.channels.map((channel) => ({ channel, ...receipts[channel] }));
  const delivered = batches.data.filter((b) => b.state === 'delivered').length;
  const updates = list.data.filter((other) => other.followsUp === a.id);
  const earlier = a.followsUp ? list.data.find((other) => other.id === a.followsUp) : undefined;
  const imtCampus =
    profile?.role === 'IMT' && isOneOf(CAMPUSES, profile.campus) ? profile.campus : null;
  const minutes = reportToWarningMinutes(a.firstReportedAt, a.sentAt);

  return (
    <>
      <PageHeader
        title={a.title}
        subtitle={`${KIND_LABELS[a.kind]} · ${STATE_LABELS[a.state]}`}
        actions={
          <>
            {isAdmin && a.state === 'awaitingApproval' && profile?.id !== a.author.uid && (
              <Button busy={approve.busy} onClick={() => void approve.run()}>
                Approve and send
              </Button>
            )}
            {a.state === 'sent' && (
              <Button variant="secondary" onClick={() => setFollowing(true)}>
                Update or all clear
              </Button>
            )}
          </>
        }
      />
      {/* An alert's text may hold a very long word (a link, a pasted code): it wraps anywhere
          rather than widening the page. */}
      <p className="mb-4 whitespace-pre-wrap wrap-anywhere rounded border border-slate-200 bg-white p-3 text-sm">
        {a.body}
      </p>
      <dl className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Audience">{audienceLabel(a.audience)}</Fact>
        <Fact label="Written by">{a.author.name}</Fact>
        <Fact label="Approved by">{a.approvedBy ? a.approvedBy.name : '—'}</Fact>
        <Fact label="Issued">
          {a.sentAt ? (
            <Time value={a.sentAt.toMillis()} />
          ) : a.scheduledFor ? (
            <>
              Due <Time value={a.scheduledFor.toMillis()} />
            </>
          ) : (
            '—'
          )}
        </Fact>
        {isCleryAlert(a.kind) && (
          <>
            <Fact label="Linked incidents">{a.incidentIds.join(', ') || '—'}</Fact>
            {a.cleryCrime && <Fact label="Clery crime">{OFFENCE_LABELS[a.cleryCrime]}</Fact>}
            <Fact label="Report to warning">{minutes === null ? '—' : formatMinutes(minutes)}</Fact>
          </>
        )}
      </dl>
      {a.state === 'awaitingApproval' && (
        <p className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-900">
          Waiting for a second Admin: this alert goes once another Admin approves it (not its
          author, nor an account its author created, invited or gave a role to).
        </p>
      )}
      <h2 className="mb-2 text-lg font-semibold">Delivery receipts</h2>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {a.plan
          ? `${a.plan.people} ${a.plan.people === 1 ? 'person' : 'people'} in ${a.plan.batches} ${a.plan.batches === 1 ? 'page' : 'pages'}; ${delivered} of ${a.plan.batches} delivered. Read in the app: ${receipts.read}.`
          : a.state === 'sending'
            ? 'Finding the audience…'
            : 'Not sent yet.'}
      </p>
      <Table
        caption="Delivery receipts"
        layout="grid"
        columns={RECEIPT_COLUMNS}
        rows={rows}
        rowKey={(r) => r.channel}
      />
      {(earlier || updates.length > 0) && (
        <>
          <h2 className="mb-2 mt-6 text-lg font-semibold">Linked alerts</h2>
          <ul className="list-disc pl-5 text-sm wrap-anywhere">
            {earlier && (
              <li>
                Follows up{' '}
                <Link className="text-sky-800 underline" to={`/mass-notifications/${earlier.id}`}>
                  {earlier.title}
                </Link>
              </li>
            )}
            {updates.map((u: WithId<MassNotification>) => (
              <li key={u.id}>
                Update:{' '}
                <Link className="text-sky-800 underline" to={`/mass-notifications/${u.id}`}>
                  {u.title}
                </Link>{' '}
                ({u.sentAt ? <Time value={u.sentAt.toMillis()} /> : STATE_LABELS[u.state]})
              </li>
            ))}
          </ul>
        </>
      )}
      {following && (
        <ComposeDialog
          settings={settings}
          imtCampus={imtCampus}
          followsUp={{
            id: a.id,
            title: a.title,
            campuses: a.audience.campuses,
            allCampuses: a.audience.allCampuses,
          }}
          onClose={() => setFollowing(false)}
        />
      )}
    </>
  );
}
