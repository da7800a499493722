import {
  FIRE_CAUSES,
  FIRE_DAMAGE_RANGES,
  housingFacilities,
  campusOf,
  recordFireSchema,
  type CallableRequest,
  type FireLogEntry,
  type IncidentReport,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, SelectField, TextField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { OccurredAtField } from '../shared/OccurredAtField';
import type { WithId } from '../../../data/spec';
import { parseDateTimeLocal, toDateTimeLocal } from '../../../lib/format';
import { recordFire } from '../api';
import { useCampuses } from '../../../data/settings';
import { CampusName } from '../../../components/CampusName';

type FireRequest = CallableRequest<'recordFire'>;

interface FireValues {
  facility: string;
  occurredAt: string;
  nature: string;
  generalLocation: string;
  cause: string;
  injuries: string;
  deaths: string;
  damage: string;
}

/**
 * Log a fire in on-campus student housing for a report, or revise its entry
 * (docs/clery.md#fire-log); the form appears once the fire log is read.
 */
export function FireDialog({
  incident,
  entry,
  read,
  onClose,
}: {
  incident: Pick<WithId<IncidentReport>, 'id' | 'nearestCampus'>;
  entry: FireLogEntry | null;
  /** The read of the fire log `entry` comes from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const campus = campusOf(useCampuses(), incident.nearestCampus);
  const facilities = campus ? housingFacilities(campus) : [];
  const facility = entry?.facility ?? facilities[0] ?? '';
  const whole = (value: string) => (value.trim() === '' ? 0 : Number(value));
  const form = useForm<FireValues, keyof FireValues, FireRequest>({
    initial: {
      facility,
      occurredAt: entry?.occurredAt ? toDateTimeLocal(entry.occurredAt.toDate()) : '',
      nature: entry?.nature ?? '',
      generalLocation: entry?.generalLocation ?? facility,
      cause: entry?.cause ?? '',
      injuries: String(entry?.injuries ?? 0),
      deaths: String(entry?.deaths ?? 0),
      damage: entry?.damage ?? '',
    },
    stored: { ...read, version: entry?.recordedAt.toMillis() ?? null },
    schema: recordFireSchema,
    request: (v) =>
      ({
        incidentId: incident.id,
        facility: v.facility,
        // A wall time the zone skips names no instant: sent as such, the schema refuses it.
        occurredAt:
          v.occurredAt === ''
            ? null
            : (parseDateTimeLocal(v.occurredAt)?.toISOString() ?? 'not a time'),
        nature: v.nature,
        generalLocation: v.generalLocation,
        cause: v.cause,
        injuries: whole(v.injuries),
        deaths: whole(v.deaths),
        damage: v.damage,
      }) as FireRequest,
    send: async (request) => {
      await recordFire(request);
      toast.success('Fire log saved', `Incident ${incident.id}.`);
      onClose();
    },
  });
  const { failure, busy, submit, field } = form;
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      stored={{ read: form.read, what: 'the fire log' }}
      title={
        entry ? `Revise the fire log entry of ${incident.id}` : `Log a fire for ${incident.id}`
      }
      description="Fires in on-campus student housing go on the fire log and into the annual fire statistics."
    >
      <form onSubmit={submit} noValidate>
        {facilities.length === 0 ? (
          <p role="alert" className="text-sm text-red-700">
            <CampusName id={incident.nearestCampus} /> has no on-campus student housing: there is no
            fire log for it.
          </p>
        ) : (
          <div className="grid gap-x-4 sm:grid-cols-2">
            <SelectField label="Housing facility" {...field('facility')} options={facilities} />
            <OccurredAtField {...field('occurredAt')} />
            <TextField label="Nature" {...field('nature')} />
            <TextField label="General location" {...field('generalLocation')} />
            <SelectField
              label="Cause"
              {...field('cause')}
              placeholder="Choose a cause"
              options={FIRE_CAUSES}
            />
            <SelectField
              label="Property damage"
              {...field('damage')}
              placeholder="Choose a range"
              options={FIRE_DAMAGE_RANGES}
            />
            <TextField
              label="Injuries treated at a medical facility"
              type="number"
              min={0}
              {...field('injuries')}
            />
            <TextField label="Deaths" type="number" min={0} {...field('deaths')} />
          </div>
        )}
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label={entry ? 'Save changes' : 'Log fire'} />
      </form>
    </Dialog>
  );
}
