import dayjs from 'dayjs';
import { MAX_HOLIDAYS, saveCleryCalendarSchema, type CallableRequest } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { FormFailure, TextField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm, type ReadStatus } from '../../../components/use-form';
import { saveCleryCalendar } from '../api';

type CalendarRequest = CallableRequest<'saveCleryCalendar'>;

/**
 * The institution's holidays: days that are not business days when a crime log entry falls due
 * (docs/clery.md#holidays). The whole list is saved at once, so the form appears only once the
 * stored calendar is read: saving before would replace the stored holidays with none.
 */
export function HolidaysDialog({
  holidays,
  read,
  onClose,
}: {
  holidays: readonly string[];
  /** The read of the calendar `holidays` come from. */
  read: ReadStatus;
  onClose: () => void;
}) {
  const form = useForm<{ holidays: string[]; adding: string }, 'holidays', CalendarRequest>({
    initial: { holidays: [...holidays].sort(), adding: '' },
    stored: { ...read, version: holidays.join(' ') },
    schema: saveCleryCalendarSchema,
    request: (values) => ({ holidays: values.holidays }),
    send: async (request) => {
      const saved = await saveCleryCalendar(request);
      toast.success('Holidays saved', `${saved.holidays.length} on the calendar.`);
      onClose();
    },
  });
  const { errors, failure, busy, submit } = form;
  const { holidays: days, adding } = form.values;
  const setDays = form.set('holidays');
  const add = () => {
    if (adding === '' || days.includes(adding)) return;
    form.setValues({ holidays: [...days, adding].sort(), adding: '' });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      busy={busy}
      stored={{ read: form.read, what: 'the stored holidays' }}
      title="Holidays"
      description={`Days that are not business days when a crime log entry falls due (at most ${MAX_HOLIDAYS}).`}
    >
      <form onSubmit={submit} noValidate>
        {days.length === 0 ? (
          <p className="text-sm text-slate-700">No holidays: only weekends are skipped.</p>
        ) : (
          <ul
            aria-label="Holidays"
            className="max-h-64 divide-y divide-slate-200 overflow-y-auto pr-1"
          >
            {days.map((day) => (
              <li key={day} className="flex items-center justify-between gap-2 py-1 text-sm">
                <span>{dayjs(day).format('ddd D MMM YYYY')}</span>
                <Button
                  variant="secondary"
                  aria-label={`Remove ${day}`}
                  onClick={() => setDays(days.filter((d) => d !== day))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <div className="grow">
            <TextField
              label="Add a holiday"
              type="date"
              value={adding}
              onChange={form.set('adding')}
              error={errors.holidays}
            />
          </div>
          <Button variant="secondary" className="mb-3" disabled={adding === ''} onClick={add}>
            Add
          </Button>
        </div>
        <FormFailure message={failure} />
        <DialogFooter onCancel={onClose} busy={busy} label="Save holidays" />
      </form>
    </Dialog>
  );
}
