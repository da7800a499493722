import {
  BIASES,
  BIAS_LABELS,
  CLERY_OFFENCES,
  CLOSED_STATUSES,
  DISPOSITIONS,
  OPEN_DISPOSITION,
  UNFOUNDED,
  GEOGRAPHY_LABELS,
  HATE_CRIME_OFFENCES,
  OFFENCE_LABELS,
  VIOLATIONS,
  VIOLATION_LABELS,
  classifyIncidentSchema,
  geographiesOf,
  geographyAt,
  campusOf,
  proposedClassification,
  type Bias,
  type CallableRequest,
  type ClassifiedOffence,
  type CleryOffence,
  type CleryRecord,
  type IncidentReport,
  type PersonCounts,
  type Violation,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, SelectField, TextAreaField, TextField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { OccurredAtField } from '../shared/OccurredAtField';
import type { WithId } from '../../../data/spec';
import { parseDateTimeLocal, toDateTimeLocal } from '../../../lib/format';
import { classifyIncident } from '../api';
import { useCampuses, useIncidentTypes } from '../../../data/settings';

type ClassifyRequest = CallableRequest<'classifyIncident'>;

const persons = (counts: PersonCounts | undefined) =>
  Object.fromEntries(VIOLATIONS.map((v) => [v, String(counts?.[v] ?? 0)])) as Record<
    Violation,
    string
  >;

interface ClassifyValues {
  isCrime: 'yes' | 'no';
  offences: ClassifiedOffence[];
  arrests: Record<Violation, string>;
  referrals: Record<Violation, string>;
  geography: string;
  noncampusProperty: string;
  occurredAt: string;
  generalLocation: string;
  nature: string;
  disposition: string;
  unfoundedReason: string;
}

/**
 * Classify (or reclassify) an incident, open or closed: offences, geography and the crime log
 * columns. An open case starts on the disposition "Open - under investigation". The form appears
 * once the incident's record is read, so a reclassification starts from what is stored.
 */
export function ClassifyDialog({
  incident,
  record,
  read,
  onClose,
}: {
  incident: WithId<IncidentReport>;
  record: CleryRecord | null;
  /** The read of the reports and records `incident` and `record` come from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const campus = campusOf(useCampuses(), incident.nearestCampus);
  const suggested = campus ? geographyAt(campus, incident.geoLoc) : null;
  // A new record starts from the default of the report's type (the incidentTypes setting).
  const types = useIncidentTypes();
  const proposed = record ? null : proposedClassification(types, incident.incidentType);
  const count = (value: string) => (value.trim() === '' ? 0 : Number(value));
  const form = useForm<ClassifyValues, keyof ClassifyValues, ClassifyRequest>({
    initial: {
      isCrime: (record ?? proposed)?.isCrime === false ? 'no' : 'yes',
      offences: record?.offences ?? proposed?.offences ?? [],
      arrests: persons(record?.arrests),
      referrals: persons(record?.referrals),
      geography: record?.geography ?? suggested ?? 'outside',
      noncampusProperty: record?.noncampusProperty ?? '',
      occurredAt: record?.occurredAt ? toDateTimeLocal(record.occurredAt.toDate()) : '',
      generalLocation: record?.generalLocation ?? campus?.name ?? '',
      nature: record?.nature ?? incident.incidentType,
      disposition:
        record?.disposition ??
        ((CLOSED_STATUSES as readonly string[]).includes(incident.status) ? '' : OPEN_DISPOSITION),
      unfoundedReason: record?.unfoundedReason ?? '',
    },
    stored: { ...read, version: record?.classifiedAt.toMillis() ?? null },
    schema: classifyIncidentSchema,
    request: (v) =>
      ({
        incidentId: incident.id,
        isCrime: v.isCrime === 'yes',
        offences: v.offences,
        arrests: Object.fromEntries(VIOLATIONS.map((x) => [x, count(v.arrests[x])])),
        referrals: Object.fromEntries(VIOLATIONS.map((x) => [x, count(v.referrals[x])])),
        geography: v.geography,
        noncampusProperty: v.geography === 'noncampus' ? v.noncampusProperty || null : null,
        // A wall time the zone skips names no instant: sent as such, the schema refuses it.
        occurredAt:
          v.occurredAt === ''
            ? null
            : (parseDateTimeLocal(v.occurredAt)?.toISOString() ?? 'not a time'),
        generalLocation: v.generalLocation,
        nature: v.nature,
        disposition: v.disposition,
        unfoundedReason: v.disposition === UNFOUNDED ? v.unfoundedReason : null,
      }) as ClassifyRequest,
    send: async (request) => {
      await classifyIncident(request);
      toast.success('Classification saved', `Incident ${incident.id} is classified.`);
      onClose();
    },
  });
  const { values, errors, failure, busy, submit } = form;

  if (!campus) return null;

  const offences = form.field('offences');
  const toggle = (offence: CleryOffence, on: boolean) =>
    offences.onChange(
      on
        ? [...offences.value, { offence, bias: null }]
        : offences.value.filter((o) => o.offence !== offence),
    );
  const setBias = (offence: CleryOffence, bias: string) =>
    offences.onChange(
      offences.value.map((o) =>
        o.offence === offence ? { offence, bias: (bias || null) as Bias | null } : o,
      ),
    );
  const counts = (label: string, name: 'arrests' | 'referrals') => (
    <fieldset className="mb-3">
      <legend className="text-sm font-medium text-slate-800">{label} (persons)</legend>
      <div className="grid gap-x-3 sm:grid-cols-3">
        {VIOLATIONS.map((v) => (
          <TextField
            key={v}
            label={VIOLATION_LABELS[v]}
            type="number"
            min={0}
            max={100}
            value={values[name][v]}
            onChange={(value) => form.set(name)({ ...values[name], [v]: value })}
          />
        ))}
      </div>
    </fieldset>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      stored={{ read: form.read, what: 'the Clery record' }}
      wide
      title={`Clery classification of incident ${incident.id}`}
      description={`${incident.incidentType} · ${campus?.name ?? incident.nearestCampus} · ${incident.status}`}
    >
      <form onSubmit={submit} noValidate>
        <SelectField
          label="Is it a crime?"
          value={values.isCrime}
          onChange={(isCrime) => form.set('isCrime')(isCrime === 'no' ? 'no' : 'yes')}
          options={[
            { value: 'yes', label: 'Yes: it goes on the daily crime log' },
            { value: 'no', label: 'No: not a crime' },
          ]}
        />
        <fieldset className="mb-3" disabled={values.isCrime === 'no'}>
          <legend className="text-sm font-medium text-slate-800">
            Clery offences (several in one incident are counted by the hierarchy rule)
          </legend>
          <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {CLERY_OFFENCES.map((offence) => {
              const chosen = offences.value.find((o) => o.offence === offence);
              return (
                <div key={offence} className="flex flex-wrap items-center gap-2 text-sm">
                  <label className="inline-flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={chosen !== undefined}
                      onChange={(e) => toggle(offence, e.target.checked)}
                    />
                    {OFFENCE_LABELS[offence]}
                  </label>
                  {chosen && HATE_CRIME_OFFENCES.includes(offence) && (
                    <select
                      aria-label={`Bias of ${OFFENCE_LABELS[offence]}`}
                      value={chosen.bias ?? ''}
                      onChange={(e) => setBias(offence, e.target.value)}
                      className="rounded border border-slate-300 px-1 py-0.5 text-xs"
                    >
                      <option value="">No bias (not a hate crime)</option>
                      {BIASES.map((b) => (
                        <option key={b} value={b}>
                          Hate crime: {BIAS_LABELS[b]}
                        </option>
                      ))}
                    </select>
                  )}
                </div>
              );
            })}
          </div>
          {errors.offences && <p className="mt-1 text-sm text-red-700">{errors.offences}</p>}
        </fieldset>
        {counts('Arrests', 'arrests')}
        {counts('Disciplinary referrals (not also arrested)', 'referrals')}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <SelectField
            label="Clery geography"
            {...form.field('geography')}
            options={geographiesOf(campus).map((g) => ({ value: g, label: GEOGRAPHY_LABELS[g] }))}
            hint={
              suggested
                ? `The report's position suggests ${GEOGRAPHY_LABELS[suggested]}.`
                : undefined
            }
          />
          {values.geography === 'noncampus' && (
            <SelectField
              label="Noncampus property"
              {...form.field('noncampusProperty')}
              placeholder="Choose a property"
              options={campus.noncampus}
            />
          )}
          <OccurredAtField {...form.field('occurredAt')} />
          <TextField label="General location" {...form.field('generalLocation')} />
          <TextField label="Nature" {...form.field('nature')} />
          <SelectField
            label="Disposition"
            {...form.field('disposition')}
            placeholder="Choose a disposition"
            options={DISPOSITIONS}
          />
          {values.disposition === UNFOUNDED && (
            <TextAreaField
              label="Why unfounded"
              {...form.field('unfoundedReason')}
              rows={2}
              hint="Who determined the report false or baseless, and on what grounds. It leaves the statistics and counts as unfounded."
            />
          )}
        </div>
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label="Save classification" />
      </form>
    </Dialog>
  );
}
