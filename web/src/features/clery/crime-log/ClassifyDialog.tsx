import { useState } from 'react';
import {
  BIASES,
  BIAS_LABELS,
  CLERY_GEOGRAPHY,
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
  isCampusName,
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
import { useForm } from '../../../components/use-form';
import { OccurredAtField } from '../shared/OccurredAtField';
import type { WithId } from '../../../data/spec';
import { parseDateTimeLocal, toDateTimeLocal } from '../../../lib/format';
import { classifyIncident } from '../api';

type ClassifyRequest = CallableRequest<'classifyIncident'>;

const persons = (counts: PersonCounts | undefined) =>
  Object.fromEntries(VIOLATIONS.map((v) => [v, String(counts?.[v] ?? 0)])) as Record<
    Violation,
    string
  >;

/**
 * Classify (or reclassify) an incident, open or closed: offences, geography and the crime log
 * columns. An open case starts on the disposition "Open - under investigation".
 */
export function ClassifyDialog({
  incident,
  record,
  onClose,
}: {
  incident: WithId<IncidentReport>;
  record: CleryRecord | null;
  onClose: () => void;
}) {
  const campus = isCampusName(incident.nearestCampus) ? incident.nearestCampus : null;
  const suggested = campus ? geographyAt(campus, incident.geoLoc) : null;
  const [isCrime, setIsCrime] = useState(record ? (record.isCrime ? 'yes' : 'no') : 'yes');
  const [offences, setOffences] = useState<ClassifiedOffence[]>(record?.offences ?? []);
  const [arrests, setArrests] = useState(persons(record?.arrests));
  const [referrals, setReferrals] = useState(persons(record?.referrals));
  const [geography, setGeography] = useState<string>(record?.geography ?? suggested ?? 'outside');
  const [property, setProperty] = useState(record?.noncampusProperty ?? '');
  const [occurredAt, setOccurredAt] = useState(
    record?.occurredAt ? toDateTimeLocal(record.occurredAt.toDate()) : '',
  );
  const [generalLocation, setGeneralLocation] = useState(
    record?.generalLocation ?? incident.nearestCampus,
  );
  const [nature, setNature] = useState(record?.nature ?? incident.incidentType);
  const [disposition, setDisposition] = useState<string>(
    record?.disposition ??
      ((CLOSED_STATUSES as readonly string[]).includes(incident.status) ? '' : OPEN_DISPOSITION),
  );
  const [unfoundedReason, setUnfoundedReason] = useState(record?.unfoundedReason ?? '');
  const count = (value: string) => (value.trim() === '' ? 0 : Number(value));
  const occurred = occurredAt === '' ? null : parseDateTimeLocal(occurredAt);
  const { errors, failure, busy, submit } = useForm<object, string, ClassifyRequest>({
    initial: {},
    schema: classifyIncidentSchema,
    request: () =>
      ({
        incidentId: incident.id,
        isCrime: isCrime === 'yes',
        offences,
        arrests: Object.fromEntries(VIOLATIONS.map((v) => [v, count(arrests[v])])),
        referrals: Object.fromEntries(VIOLATIONS.map((v) => [v, count(referrals[v])])),
        geography,
        noncampusProperty: geography === 'noncampus' ? property || null : null,
        // A wall time the zone skips names no instant: sent as such, the schema refuses it.
        occurredAt: occurredAt === '' ? null : (occurred?.toISOString() ?? 'not a time'),
        generalLocation,
        nature,
        disposition,
        unfoundedReason: disposition === UNFOUNDED ? unfoundedReason : null,
      }) as ClassifyRequest,
    send: async (request) => {
      await classifyIncident(request);
      toast.success('Classification saved', `Incident ${incident.id} is classified.`);
      onClose();
    },
  });

  if (!campus) return null;

  const toggle = (offence: CleryOffence, on: boolean) =>
    setOffences((list) =>
      on ? [...list, { offence, bias: null }] : list.filter((o) => o.offence !== offence),
    );
  const setBias = (offence: CleryOffence, bias: string) =>
    setOffences((list) =>
      list.map((o) =>
        o.offence === offence ? { offence, bias: (bias || null) as Bias | null } : o,
      ),
    );
  const counts = (label: string, values: Record<Violation, string>, set: typeof setArrests) => (
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
            value={values[v]}
            onChange={(value) => set({ ...values, [v]: value })}
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
      wide
      title={`Clery classification of incident ${incident.id}`}
      description={`${incident.incidentType} · ${incident.nearestCampus} · ${incident.status}`}
    >
      <form onSubmit={submit} noValidate>
        <SelectField
          label="Is it a crime?"
          value={isCrime}
          onChange={setIsCrime}
          options={[
            { value: 'yes', label: 'Yes: it goes on the daily crime log' },
            { value: 'no', label: 'No: not a crime' },
          ]}
        />
        <fieldset className="mb-3" disabled={isCrime === 'no'}>
          <legend className="text-sm font-medium text-slate-800">
            Clery offences (several in one incident are counted by the hierarchy rule)
          </legend>
          <div className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {CLERY_OFFENCES.map((offence) => {
              const chosen = offences.find((o) => o.offence === offence);
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
        {counts('Arrests', arrests, setArrests)}
        {counts('Disciplinary referrals (not also arrested)', referrals, setReferrals)}
        <div className="grid gap-x-3 sm:grid-cols-2">
          <SelectField
            label="Clery geography"
            value={geography}
            onChange={setGeography}
            options={geographiesOf(campus).map((g) => ({ value: g, label: GEOGRAPHY_LABELS[g] }))}
            error={errors.geography}
            hint={
              suggested
                ? `The report's position suggests ${GEOGRAPHY_LABELS[suggested]}.`
                : undefined
            }
          />
          {geography === 'noncampus' && (
            <SelectField
              label="Noncampus property"
              value={property}
              onChange={setProperty}
              placeholder="Choose a property"
              options={CLERY_GEOGRAPHY[campus].noncampus}
              error={errors.noncampusProperty}
            />
          )}
          <OccurredAtField value={occurredAt} onChange={setOccurredAt} error={errors.occurredAt} />
          <TextField
            label="General location"
            value={generalLocation}
            onChange={setGeneralLocation}
            error={errors.generalLocation}
          />
          <TextField label="Nature" value={nature} onChange={setNature} error={errors.nature} />
          <SelectField
            label="Disposition"
            value={disposition}
            onChange={setDisposition}
            placeholder="Choose a disposition"
            options={DISPOSITIONS}
            error={errors.disposition}
          />
          {disposition === UNFOUNDED && (
            <TextAreaField
              label="Why unfounded"
              value={unfoundedReason}
              onChange={setUnfoundedReason}
              error={errors.unfoundedReason}
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
