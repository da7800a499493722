import {
  ON_CALL_LIMITS,
  addDays,
  campusName,
  dayInZone,
  type EscalationPolicyDoc,
  type OnCallSchedule,
  type SaveOnCallScheduleInput,
  type StaffDirectoryEntry,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { FormFailure, SelectField, TextField } from '../../components/fields';
import { ListState } from '../../components/States';
import { toast } from '../../components/toast-store';
import { useForm, type ReadStatus } from '../../components/use-form';
import { combineLive, useLiveQuery } from '../../data/live-query';
import {
  escalationPoliciesSpec,
  onCallSchedulesSpec,
  saveOnCallSchedule,
  watchedCampuses,
} from '../../data/on-call';
import { EscalationPolicyForm } from './EscalationPolicyForm';
import { HandoverForm } from './HandoverForm';
import type { WithId } from '../../data/spec';
import {
  byFirstName,
  canBeAssigned,
  staffDirectorySpec,
  staffOption,
} from '../../data/staff-directory';
import { formatDate, parseDateTimeLocal, toDateTimeLocal } from '../../lib/format';
import { programmeTimeZone } from '../../lib/institution';
import { useAuth } from '../../session/store';
import { OnCallNowPanel } from '../../components/OnCallNowPanel';
import { useCampuses } from '../../data/settings';

interface OverrideDraft {
  uid: string;
  from: string;
  to: string;
}

interface Draft {
  memberIds: string[];
  startDay: string;
  handoffTime: string;
  shiftDays: string;
  overrides: OverrideDraft[];
  autoAssign: boolean;
}

function draftOf(schedule: OnCallSchedule | undefined): Draft {
  const r = schedule?.rotation;
  return {
    memberIds: r?.members.map((m) => m.uid) ?? [],
    startDay: r?.startDay ?? dayInZone(Date.now(), programmeTimeZone()),
    handoffTime: r?.handoffTime ?? '08:00',
    shiftDays: String(r?.shiftDays ?? 1),
    overrides: (schedule?.overrides ?? []).map((o) => ({
      uid: o.uid,
      from: toDateTimeLocal(o.from.toDate()),
      to: toDateTimeLocal(o.to.toDate()),
    })),
    autoAssign: schedule?.autoAssign ?? false,
  };
}

/** The callable's input from the form; a datetime-local that names no instant stays as typed. */
function inputOf(campus: string, d: Draft): SaveOnCallScheduleInput {
  const iso = (value: string) => parseDateTimeLocal(value)?.toISOString() ?? value;
  return {
    campus: campus as SaveOnCallScheduleInput['campus'],
    rotation:
      d.memberIds.length > 0
        ? {
            memberIds: d.memberIds,
            startDay: d.startDay,
            handoffTime: d.handoffTime,
            shiftDays: Number(d.shiftDays),
          }
        : null,
    overrides: d.overrides.map((o) => ({ uid: o.uid, from: iso(o.from), to: iso(o.to) })),
    autoAssign: d.autoAssign,
  };
}

function CampusSchedule({
  campus,
  schedule,
  read,
  staff,
  policy,
}: {
  campus: string;
  schedule: WithId<OnCallSchedule> | undefined;
  /** The read of the stored schedules (`schedule` is this campus's, once read). */
  read: ReadStatus;
  staff: WithId<StaffDirectoryEntry>[];
  /** Admins only: the campus's escalation policy editor. */
  policy: { stored: WithId<EscalationPolicyDoc> | undefined; read: ReadStatus } | null;
}) {
  const campuses = useCampuses();
  const name = campusName(campuses, campus);
  // A save (here or elsewhere) replaces the form with what is stored now.
  const form = useForm({
    initial: draftOf(schedule),
    stored: { ...read, version: schedule?.updatedAt?.toMillis() },
    request: (d) => inputOf(campus, d),
    send: async (input) => {
      await saveOnCallSchedule(input);
      toast.success(`On-call schedule of ${name} saved`);
    },
    failureTitle: `Could not save the schedule of ${name}`,
  });
  const draft = form.values;
  const set = (change: Partial<Draft>) => form.setValues((d) => ({ ...d, ...change }));
  // An IMT member's directory lists their campus only: the Admins already in the schedule keep
  // the names it stored, so the form still names (and offers) them.
  const stored = [...(schedule?.rotation?.members ?? []), ...(schedule?.overrides ?? [])];
  const listed = staff
    .filter((s) => canBeAssigned(s, campus))
    .sort(byFirstName)
    .map((s) => staffOption(s, campuses));
  const people = [
    ...listed,
    ...stored
      .filter(
        (p, i) =>
          !listed.some((l) => l.value === p.uid) && stored.findIndex((q) => q.uid === p.uid) === i,
      )
      .map((p) => ({ value: p.uid, label: p.displayName })),
  ];
  const nameOf = (uid: string) => people.find((p) => p.value === uid)?.label ?? uid;
  const move = (i: number, by: number) => {
    const ids = [...draft.memberIds];
    [ids[i], ids[i + by]] = [ids[i + by]!, ids[i]!];
    set({ memberIds: ids });
  };
  const candidates = people.filter((p) => !draft.memberIds.includes(p.value));
  return (
    <section
      aria-labelledby={`schedule-${campus}`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <form onSubmit={form.submit} noValidate>
        <h2 id={`schedule-${campus}`} className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          {schedule
            ? `Last changed by ${schedule.updatedBy.name} on ${formatDate(schedule.updatedAt)}`
            : 'No schedule yet'}
        </p>

        <h3 className="font-medium text-slate-900">Rotation</h3>
        <ol className="mb-2 space-y-1 text-sm">
          {draft.memberIds.map((uid, i) => (
            <li key={uid} className="flex flex-wrap items-center gap-2">
              <span className="w-6 text-right tabular-nums text-slate-600">{i + 1}.</span>
              <span className="min-w-0 flex-1 break-words">{nameOf(uid)}</span>
              <Button
                variant="ghost"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={`Move ${nameOf(uid)} up`}
              >
                Up
              </Button>
              <Button
                variant="ghost"
                disabled={i === draft.memberIds.length - 1}
                onClick={() => move(i, 1)}
                aria-label={`Move ${nameOf(uid)} down`}
              >
                Down
              </Button>
              <Button
                variant="ghost"
                onClick={() => set({ memberIds: draft.memberIds.filter((m) => m !== uid) })}
                aria-label={`Remove ${nameOf(uid)} from the rotation`}
              >
                Remove
              </Button>
            </li>
          ))}
          {draft.memberIds.length === 0 && (
            <li className="text-slate-600">Nobody in the rotation.</li>
          )}
        </ol>
        {draft.memberIds.length < ON_CALL_LIMITS.members && (
          <SelectField
            label="Add to the rotation"
            value=""
            placeholder="Choose a person"
            options={candidates}
            onChange={(uid) => uid && set({ memberIds: [...draft.memberIds, uid] })}
          />
        )}
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-3">
          <TextField
            label="First shift starts on"
            type="date"
            value={draft.startDay}
            onChange={(startDay) => set({ startDay })}
          />
          <TextField
            label="Handoff time"
            type="time"
            value={draft.handoffTime}
            onChange={(handoffTime) => set({ handoffTime })}
          />
          <SelectField
            label="Shift length"
            value={draft.shiftDays}
            onChange={(shiftDays) => set({ shiftDays })}
            options={[
              { value: '1', label: 'Daily' },
              { value: '7', label: 'Weekly' },
              ...Array.from({ length: ON_CALL_LIMITS.shiftDays }, (_, i) => String(i + 1))
                .filter((n) => n !== '1' && n !== '7')
                .map((n) => ({ value: n, label: `${n} days` })),
            ]}
          />
        </div>

        <h3 className="mt-2 font-medium text-slate-900">Overrides</h3>
        <p className="mb-2 text-sm text-slate-600">
          A person on call for a time range instead of the rotation. Ended overrides are dropped
          when you save.
        </p>
        <ul className="space-y-2">
          {draft.overrides.map((o, i) => {
            const change = (part: Partial<OverrideDraft>) =>
              set({ overrides: draft.overrides.map((x, j) => (j === i ? { ...x, ...part } : x)) });
            return (
              <li
                key={i}
                className="grid grid-cols-1 gap-x-3 rounded border border-slate-200 p-2 sm:grid-cols-2"
              >
                <SelectField
                  label="Person"
                  value={o.uid}
                  placeholder="Choose a person"
                  options={people}
                  onChange={(uid) => change({ uid })}
                />
                <TextField
                  label="From"
                  type="datetime-local"
                  value={o.from}
                  onChange={(from) => change({ from })}
                />
                <TextField
                  label="To"
                  type="datetime-local"
                  value={o.to}
                  onChange={(to) => change({ to })}
                />
                <div className="self-center">
                  <Button
                    variant="ghost"
                    onClick={() => set({ overrides: draft.overrides.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        {draft.overrides.length < ON_CALL_LIMITS.overrides && (
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() =>
              set({
                overrides: [
                  ...draft.overrides,
                  {
                    uid: '',
                    from: toDateTimeLocal(new Date()),
                    to: `${addDays(dayInZone(Date.now(), programmeTimeZone()), 1)}T${draft.handoffTime}`,
                  },
                ],
              })
            }
          >
            Add override
          </Button>
        )}

        <label className="mt-4 flex items-center gap-2 text-sm text-slate-900">
          <input
            type="checkbox"
            checked={draft.autoAssign}
            onChange={(e) => set({ autoAssign: e.target.checked })}
          />
          Assign new reports of {name} to the person on call automatically
        </label>
        <FormFailure message={form.failure} className="mt-2" />
        <Button type="submit" className="mt-3" busy={form.busy}>
          Save schedule
        </Button>
      </form>
      {policy && <EscalationPolicyForm campus={campus} {...policy} />}
    </section>
  );
}

/**
 * `/on-call`: each campus's rotation, overrides and automatic assignment. Admins edit every
 * campus, IMT members their own (docs/console.md#on-call); the function checks each person.
 */
export default function OnCallPage() {
  const role = useAuth((s) => s.profile?.role ?? null);
  const campus = useAuth((s) => s.profile?.campus ?? null);
  const schedules = useLiveQuery(onCallSchedulesSpec());
  const staff = useLiveQuery(staffDirectorySpec(role, campus));
  const campuses = watchedCampuses(role, campus, useCampuses());
  const policies = useLiveQuery(role === 'Admin' ? escalationPoliciesSpec() : null);

  return (
    <>
      <PageHeader
        title="On call"
        subtitle={`Who is on call per campus, and how reports escalate. Handoffs are in ${programmeTimeZone()}.`}
      />
      <OnCallNowPanel />
      <HandoverForm />
      {/* The schedules are what the forms edit; the directory names (and offers) the people. */}
      <ListState live={combineLive([schedules, staff])} isEmpty={false} emptyTitle="">
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {campuses.map((c) => (
            <CampusSchedule
              key={c}
              campus={c}
              schedule={schedules.data.find((s) => s.id === c)}
              read={schedules}
              staff={staff.data}
              policy={
                role === 'Admin'
                  ? { stored: policies.data.find((p) => p.id === c), read: policies }
                  : null
              }
            />
          ))}
        </div>
      </ListState>
    </>
  );
}
