import { useState } from 'react';
import {
  FIRE_CAUSES,
  FIRE_DAMAGE_RANGES,
  housingFacilities,
  isCampusName,
  recordFireSchema,
  type CallableRequest,
  type FireLogEntry,
  type IncidentReport,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, SelectField, TextField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import { OccurredAtField } from '../shared/OccurredAtField';
import type { WithId } from '../../../data/spec';
import { parseDateTimeLocal, toDateTimeLocal } from '../../../lib/format';
import { recordFire } from '../api';

type FireRequest = CallableRequest<'recordFire'>;

/** Log a fire in on-campus student housing for a report, or revise its entry (docs/clery.md#fire-log). */
export function FireDialog({
  incident,
  entry,
  onClose,
}: {
  incident: Pick<WithId<IncidentReport>, 'id' | 'nearestCampus'>;
  entry: FireLogEntry | null;
  onClose: () => void;
}) {
  const facilities = isCampusName(incident.nearestCampus)
    ? housingFacilities(incident.nearestCampus)
    : [];
  const [facility, setFacility] = useState(entry?.facility ?? facilities[0] ?? '');
  const [occurredAt, setOccurredAt] = useState(
    entry?.occurredAt ? toDateTimeLocal(entry.occurredAt.toDate()) : '',
  );
  const [nature, setNature] = useState(entry?.nature ?? '');
  const [generalLocation, setGeneralLocation] = useState(entry?.generalLocation ?? facility);
  const [cause, setCause] = useState<string>(entry?.cause ?? '');
  const [injuries, setInjuries] = useState(String(entry?.injuries ?? 0));
  const [deaths, setDeaths] = useState(String(entry?.deaths ?? 0));
  const [damage, setDamage] = useState<string>(entry?.damage ?? '');
  const whole = (value: string) => (value.trim() === '' ? 0 : Number(value));
  const { errors, failure, busy, submit } = useForm<object, string, FireRequest>({
    initial: {},
    schema: recordFireSchema,
    request: () => {
      const occurred = occurredAt === '' ? null : parseDateTimeLocal(occurredAt);
      return {
        incidentId: incident.id,
        facility,
        // A wall time the zone skips names no instant: sent as such, the schema refuses it.
        occurredAt: occurredAt === '' ? null : (occurred?.toISOString() ?? 'not a time'),
        nature,
        generalLocation,
        cause,
        injuries: whole(injuries),
        deaths: whole(deaths),
        damage,
      } as FireRequest;
    },
    send: async (request) => {
      await recordFire(request);
      toast.success('Fire log saved', `Incident ${incident.id}.`);
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      title={
        entry ? `Revise the fire log entry of ${incident.id}` : `Log a fire for ${incident.id}`
      }
      description="Fires in on-campus student housing go on the fire log and into the annual fire statistics."
    >
      <form onSubmit={submit} noValidate>
        {facilities.length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            {incident.nearestCampus} has no on-campus student housing: there is no fire log for it.
          </p>
        ) : (
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField
              label="Housing facility"
              value={facility}
              onChange={setFacility}
              options={facilities}
              error={errors.facility}
            />
            <OccurredAtField
              value={occurredAt}
              onChange={setOccurredAt}
              error={errors.occurredAt}
            />
            <TextField label="Nature" value={nature} onChange={setNature} error={errors.nature} />
            <TextField
              label="General location"
              value={generalLocation}
              onChange={setGeneralLocation}
              error={errors.generalLocation}
            />
            <SelectField
              label="Cause"
              value={cause}
              onChange={setCause}
              placeholder="Choose a cause"
              options={FIRE_CAUSES}
              error={errors.cause}
            />
            <SelectField
              label="Property damage"
              value={damage}
              onChange={setDamage}
              placeholder="Choose a range"
              options={FIRE_DAMAGE_RANGES}
              error={errors.damage}
            />
            <TextField
              label="Injuries treated at a medical facility"
              type="number"
              min={0}
              value={injuries}
              onChange={setInjuries}
              error={errors.injuries}
            />
            <TextField
              label="Deaths"
              type="number"
              min={0}
              value={deaths}
              onChange={setDeaths}
              error={errors.deaths}
            />
          </div>
        )}
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={entry ? 'Save changes' : 'Log fire'} />
      </form>
    </Dialog>
  );
}
