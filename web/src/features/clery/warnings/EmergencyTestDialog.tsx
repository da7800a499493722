import {
  EMERGENCY_TEXT_LIMIT,
  type CampusId,
  recordEmergencyTestSchema,
  type CallableRequest,
  type EmergencyTest,
} from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import {
  CheckboxGroup,
  FormFailure,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import type { WithId } from '../../../data/spec';
import { parseDateTimeLocal, toDateTimeLocal } from '../../../lib/format';
import { programmeTimeZone } from '../../../lib/institution';
import { recordEmergencyTest } from '../api';
import { useCampusOptions } from '../../../data/settings';

const ANNOUNCED = 'Announced in advance';
const UNANNOUNCED = 'Unannounced';

interface TestValues {
  testedAt: string;
  announced: string;
  campuses: CampusId[];
  description: string;
  followUp: string;
}

/** Records a test of the emergency response and evacuation procedures, or revises one. */
export function EmergencyTestDialog({
  test,
  read,
  onClose,
}: {
  /** The test revised, or null for a new one. */
  test: WithId<EmergencyTest> | null;
  /** The read of the tests `test` comes from (none for a new test). */
  read?: ReadStatus;
  onClose: () => void;
}) {
  const campusOptions = useCampusOptions();
  const form = useForm<TestValues, keyof TestValues, CallableRequest<'recordEmergencyTest'>>({
    initial: {
      testedAt: test ? toDateTimeLocal(test.testedAt.toDate()) : '',
      announced: test?.announced ? ANNOUNCED : test ? UNANNOUNCED : '',
      campuses: test?.campuses ?? [],
      description: test?.description ?? '',
      followUp: test?.followUp ?? '',
    },
    stored: read && { ...read, version: test?.recordedAt.toMillis() ?? null },
    schema: recordEmergencyTestSchema,
    validate: (values) => ({
      announced: values.announced === '' ? 'Choose whether it was announced.' : undefined,
    }),
    request: (values) => ({
      ...(test ? { id: test.id } : {}),
      // A wall time the zone skips names no instant: sent as such, the schema refuses it.
      testedAt: parseDateTimeLocal(values.testedAt)?.toISOString() ?? values.testedAt,
      announced: values.announced === ANNOUNCED,
      campuses: values.campuses,
      description: values.description,
      followUp: values.followUp,
    }),
    send: async (request) => {
      await recordEmergencyTest(request);
      toast.success(test ? 'Test revised' : 'Test recorded');
      onClose();
    },
  });
  const campuses = form.field('campuses');
  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      stored={{ read: form.read, what: 'the recorded tests' }}
      title={test ? 'Revise the test' : 'Record a test of the emergency response'}
      description="Each campus tests its emergency response and evacuation procedures at least once a year. The record is kept seven years."
    >
      <form onSubmit={form.submit} noValidate>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            label={`Date and time (${programmeTimeZone()})`}
            type="datetime-local"
            {...form.field('testedAt')}
          />
          <SelectField
            label="Announced or not"
            {...form.field('announced')}
            placeholder="Choose…"
            options={[UNANNOUNCED, ANNOUNCED]}
          />
        </div>
        <CheckboxGroup
          legend="Campuses tested"
          options={campusOptions}
          selected={campuses.value}
          onChange={campuses.onChange}
          error={campuses.error}
        />
        <TextAreaField
          label="Description"
          {...form.field('description')}
          rows={3}
          maxLength={EMERGENCY_TEXT_LIMIT}
          hint="What was tested and how: drill, exercise, alert, evacuation."
        />
        <TextAreaField
          label="Follow-up"
          {...form.field('followUp')}
          rows={3}
          maxLength={EMERGENCY_TEXT_LIMIT}
          hint="What was found and what is being done about it; may be added later."
        />
        <FormFailure message={form.failure} />
        <DialogFooter
          onCancel={onClose}
          busy={form.busy}
          label={test ? 'Save changes' : 'Record test'}
        />
      </form>
    </Dialog>
  );
}
