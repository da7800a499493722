import { useState } from 'react';
import {
  LIMITS,
  revealAnonymousReporterSchema,
  type RevealAnonymousReporterResponse,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { Dialog, DialogActions, DialogFooter } from '../../../components/Dialog';
import { TextAreaField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { revealAnonymousReporter } from '../../../data/anonymity';
import type { Incident } from '../../../data/incidents';

/**
 * An Admin reveals who filed an anonymous report: only with a reason, which the report's timeline
 * shows its staff; the identity is shown here, to this Admin, and stored nowhere else.
 */
export function RevealReporterDialog({
  incident,
  onClose,
}: {
  incident: Incident;
  onClose: () => void;
}) {
  const [revealed, setRevealed] = useState<RevealAnonymousReporterResponse | null>(null);
  const form = useForm({
    initial: { reason: '' },
    schema: revealAnonymousReporterSchema,
    request: (values) => ({ incidentId: incident.id, reason: values.reason }),
    send: async (request) => setRevealed(await revealAnonymousReporter(request)),
    failureTitle: 'Could not reveal the reporter',
  });

  return (
    <Dialog open onClose={onClose} busy={form.busy} title="Reveal the anonymous reporter">
      {revealed ? (
        <div>
          <dl className="grid gap-2 text-sm">
            <div>
              <dt className="font-semibold text-slate-600">Name</dt>
              <dd>{revealed.name || '—'}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">Email</dt>
              <dd className="break-all">{revealed.email || '—'}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-600">Contact number</dt>
              <dd>{revealed.contactNumber ?? '—'}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            Your reason is on the report's timeline. This is shown to you only: it is not saved on
            the report.
          </p>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </div>
      ) : (
        <form onSubmit={form.submit} noValidate>
          <p className="mb-3 text-sm text-slate-700">
            The reporter chose to stay anonymous. Reveal who they are only when a person's safety or
            the law requires it. Your name and reason go on the report's timeline, where its
            campus's staff see them.
          </p>
          <TextAreaField
            label="Reason"
            {...form.field('reason')}
            maxLength={LIMITS.revealReason}
            rows={3}
            hint={`At most ${LIMITS.revealReason} characters.`}
          />
          <DialogFooter onCancel={onClose} busy={form.busy} label="Reveal reporter" destructive />
        </form>
      )}
    </Dialog>
  );
}
