import {
  CHANNEL_LABELS,
  type AudienceCount,
  type MassNotificationChannel,
} from '@campus-safety/model';
import { Table, type Column } from '../../components/Table';
import { formatCount } from '../../lib/format';

/** Who each channel reaches among the audience's people. */
const CHANNEL_REACH: Readonly<Record<MassNotificationChannel, string>> = {
  push: 'with the app on a device',
  inApp: 'with an account',
  email: 'with an email address',
  sms: 'with a phone for alerts',
};

function columnsOf(count: AudienceCount): Column<MassNotificationChannel>[] {
  return [
    { header: 'Channel', cell: (c) => CHANNEL_LABELS[c], rowHeader: true },
    { header: 'People', cell: (c) => count.channels[c].toLocaleString('en-US'), numeric: true },
    { header: 'Who', cell: (c) => CHANNEL_REACH[c] },
  ];
}

/**
 * The send step's question (docs/mass-notifications.md#confirm): how many people the alert
 * reaches now and how many of them each chosen channel reaches, or, for a follow-up to those who
 * have not answered, how many are waiting.
 */
export function AudienceConfirmation({
  count,
  waiting,
  channels,
  scheduled,
}: {
  /** Null for a follow-up to those who have not answered (then `waiting` says how many). */
  count: AudienceCount | null;
  waiting: number | null;
  channels: MassNotificationChannel[];
  scheduled: boolean;
}) {
  const recount = scheduled
    ? 'Counted now; it reaches whoever is in the audience when it goes.'
    : 'Counted now; the send counts again, so someone who joined since is reached too.';
  if (!count)
    return (
      <p>
        It goes to the {formatCount(waiting ?? 0, 'person', 'people')} who have not answered yet.{' '}
        {recount}
      </p>
    );
  return (
    <div className="grid gap-2">
      <p>
        It reaches <strong>{formatCount(count.people, 'person', 'people')}</strong>
        {count.contactOnly > 0 &&
          ` (${formatCount(count.contactOnly, 'person', 'people')} on the roster without an account)`}
        .
      </p>
      {count.people === 0 && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-amber-900">
          Nobody is in this audience now: the alert would reach no one.
        </p>
      )}
      <Table
        caption="Reach per channel"
        layout="grid"
        columns={columnsOf(count)}
        rows={channels}
        rowKey={(channel) => channel}
      />
      <p className="text-xs text-slate-600">{recount}</p>
    </div>
  );
}
