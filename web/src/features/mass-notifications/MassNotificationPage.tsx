import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  CHANNEL_LABELS,
  KIND_LABELS,
  OFFENCE_LABELS,
  REPLY_VIA_LABELS,
  STATE_LABELS,
  audienceLabel,
  isActiveCampus,
  isCleryAlert,
  reachesLocated,
  reportToWarningMinutes,
  sumLanguages,
  sumReceipts,
  translationLanguages,
  LANGUAGE_LABELS,
  DEFAULT_LANGUAGE,
  type Language,
  sumReplyShards,
  type AlertReply,
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
  REPLY_LIST_LIMIT,
  alertBatchesSpec,
  alertReadShardsSpec,
  alertReplyShardsSpec,
  alertRepliesSpec,
  massNotificationSpec,
  massNotificationsSpec,
} from '../../data/mass-notifications';
import type { WithId } from '../../data/spec';
import { formatCount, formatMinutes } from '../../lib/format';
import { useAuth } from '../../session/store';
import { approveMassNotification } from './api';
import { ComposeDialog, type FollowUpOf } from './ComposeDialog';
import { useAlertSettings } from './use-alert-settings';
import { useCampuses } from '../../data/settings';

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

const NEEDS_HELP_COLUMNS: Column<WithId<AlertReply>>[] = [
  { header: 'Name', cell: (r) => r.name, rowHeader: true },
  { header: 'Campus', cell: (r) => r.campus ?? '—' },
  {
    header: 'Last shared location',
    cell: (r) =>
      r.location ? (
        <>
          {r.location.latitude.toFixed(3)}, {r.location.longitude.toFixed(3)} (
          <Time value={r.location.at.toMillis()} />)
        </>
      ) : (
        'Not shared'
      ),
  },
  {
    header: 'Answered',
    cell: (r) => (r.answeredAt ? <Time value={r.answeredAt.toMillis()} /> : '—'),
  },
  // In the app, by a reply link or by SMS: a contact-only person has no app, and staff calling
  // back know which channel reached them.
  { header: 'How', cell: (r) => (r.via ? REPLY_VIA_LABELS[r.via] : '—') },
];

const WAITING_COLUMNS: Column<WithId<AlertReply>>[] = [
  { header: 'Name', cell: (r) => r.name, rowHeader: true },
  { header: 'Campus', cell: (r) => r.campus ?? '—' },
];

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/**
 * The answers to an alert that asked "are you safe?" (docs/mass-notifications.md#replies): the
 * live tally per answer, who needs help (with their campus and last shared location) and who has
 * not answered, and the follow-up to those. For an audience found by location, who has not
 * answered is a count only (who was located there is not staff's to read).
 */
function Replies({
  alert: a,
  onFollowUp,
}: {
  alert: WithId<MassNotification>;
  onFollowUp: (waiting: number) => void;
}) {
  const choices = a.reply?.choices ?? [];
  const shards = useLiveQuery(useMemo(() => alertReplyShardsSpec(a.id), [a.id]));
  const needing = useLiveQuery(useMemo(() => alertRepliesSpec(a.id, 'needsHelp'), [a.id]));
  const located = reachesLocated(a.audience);
  const waiting = useLiveQuery(
    useMemo(() => (located ? null : alertRepliesSpec(a.id, 'waiting')), [a.id, located]),
  );
  const tally = sumReplyShards(shards.data, choices);
  const people = a.plan?.people ?? 0;
  const notAnswered = Math.max(0, people - tally.replied);
  return (
    <section aria-label="Replies" className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">Replies</h2>
      <ul className="mb-3 flex flex-wrap gap-2" aria-label="Tally" aria-live="polite">
        {choices.map((c, k) => (
          <li
            key={c.label}
            className={`rounded border px-3 py-2 text-sm ${c.needsHelp ? 'border-red-300 bg-red-50 text-red-900' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
          >
            <span className="font-semibold">{tally.perChoice[k]}</span> {c.label}
          </li>
        ))}
        <li className="rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <span className="font-semibold">{notAnswered}</span> no answer yet
        </li>
      </ul>
      <h3 className="mb-2 font-semibold text-red-900">Needs help ({tally.needsHelp})</h3>
      {needing.data.length > 0 ? (
        <Table
          caption="Needs help"
          layout="grid"
          columns={NEEDS_HELP_COLUMNS}
          rows={[...needing.data].sort(byName)}
          rowKey={(r) => r.id}
        />
      ) : (
        <p className="mb-3 text-sm text-slate-600">Nobody has answered that they need help.</p>
      )}
      <div className="mb-2 mt-4 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">No answer yet ({notAnswered})</h3>
        {a.state === 'sent' && notAnswered > 0 && (
          <Button variant="secondary" onClick={() => onFollowUp(notAnswered)}>
            Send a follow-up to those who have not answered
          </Button>
        )}
      </div>
      {located ? (
        <p className="text-sm text-slate-600">
          This alert reached people by where they were: who has not answered is counted, not named.
        </p>
      ) : (
        waiting.data.length > 0 && (
          <>
            <Table
              caption="No answer yet"
              layout="grid"
              columns={WAITING_COLUMNS}
              rows={[...waiting.data].sort(byName)}
              rowKey={(r) => r.id}
            />
            {waiting.data.length >= REPLY_LIST_LIMIT && (
              <p className="text-xs text-slate-600">The first {REPLY_LIST_LIMIT} are listed.</p>
            )}
          </>
        )
      )}
    </section>
  );
}

/**
 * Which versions an alert has (docs/mass-notifications.md#languages): its main text's language
 * first, then the others, each with how many people got it once delivered.
 */
function Versions({
  alert,
  counts,
}: {
  alert: MassNotification;
  counts: Partial<Record<Language, number>> | null;
}) {
  const main = alert.language ?? DEFAULT_LANGUAGE;
  const versions = [main, ...translationLanguages(alert.translations).filter((l) => l !== main)];
  return (
    <ul>
      {versions.map((language) => (
        <li key={language}>
          {LANGUAGE_LABELS[language]}
          {language === main ? ' (main text)' : ''}
          {counts ? ` · ${formatCount(counts[language] ?? 0, 'person', 'people')}` : ''}
        </li>
      ))}
    </ul>
  );
}

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
  const campuses = useCampuses();
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
  const [following, setFollowing] = useState<FollowUpOf['toNonResponders'] | false>(false);
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
    profile?.role === 'IMT' && isActiveCampus(campuses, profile.campus) ? profile.campus : null;
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
              <Button variant="secondary" onClick={() => setFollowing(undefined)}>
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
        <Fact label="Audience">{audienceLabel(a.audience, campuses)}</Fact>
        <Fact label="Written by">{a.author.name}</Fact>
        <Fact label="Approved by">{a.approvedBy ? a.approvedBy.name : '—'}</Fact>
        <Fact label="Languages">
          <Versions alert={a} counts={a.plan ? sumLanguages(batches.data) : null} />
        </Fact>
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
          ? `${formatCount(a.plan.people, 'person', 'people')} in ${formatCount(a.plan.batches, 'page', 'pages')}; ${delivered} of ${a.plan.batches} delivered. Read in the app: ${receipts.read}.`
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
      {a.reply && !a.repliesFor && (
        <Replies alert={a} onFollowUp={(waiting) => setFollowing({ waiting })} />
      )}
      {a.repliesFor && (
        <p className="mt-4 text-sm text-slate-700">
          Its answers count on{' '}
          <Link className="text-sky-800 underline" to={`/mass-notifications/${a.repliesFor}`}>
            the alert it follows up
          </Link>
          .
        </p>
      )}
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
      {following !== false && (
        <ComposeDialog
          settings={settings}
          imtCampus={imtCampus}
          followsUp={{
            id: a.id,
            title: a.title,
            body: a.body,
            kind: a.kind,
            campuses: a.audience.campuses,
            allCampuses: a.audience.allCampuses,
            channels: a.channels,
            staffOnly: a.audience.staffOnly,
            members: a.audience.members !== false,
            located: reachesLocated(a.audience),
            translations: a.translations,
            toNonResponders: following,
          }}
          onClose={() => setFollowing(false)}
        />
      )}
    </>
  );
}
