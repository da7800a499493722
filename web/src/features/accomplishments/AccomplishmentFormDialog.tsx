import { useState, type FormEvent } from 'react';
import { IMAGE_CONTENT_TYPES, RESOLVE_CODES, THREAT_LEVELS } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { FileField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import { submitAccomplishment, updateAccomplishment, type Accomplishment } from './api';
import { validateAccomplishment, type AccomplishmentField, type AccomplishmentInput } from './form';

/** Create (for an incident) or edit an accomplishment report; the form keeps its values on failure. */
export function AccomplishmentFormDialog({
  incidentId,
  existing,
  defaultThreatLevel,
  onClose,
}: {
  incidentId: string;
  existing?: Accomplishment;
  defaultThreatLevel?: string | null;
  onClose: () => void;
}) {
  const [input, setInput] = useState<AccomplishmentInput>({
    title: existing?.title ?? '',
    description: existing?.description ?? '',
    resolveCode: existing?.resolveCode ?? '',
    threatLevel: existing?.threatLevel ?? existing?.report?.threatLevel ?? defaultThreatLevel ?? '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<AccomplishmentField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof AccomplishmentInput) => (value: string) =>
    setInput((i) => ({ ...i, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateAccomplishment(input, image);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      if (existing) await updateAccomplishment(incidentId, existing.id, input, image);
      else await submitAccomplishment(incidentId, input, image);
      toast.success(existing ? 'Accomplishment report updated' : 'Accomplishment report submitted');
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      toast.error('Could not save the accomplishment report', message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={existing ? 'Edit accomplishment report' : 'Submit accomplishment report'}
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Title" value={input.title} onChange={set('title')} error={errors.title} />
        <TextAreaField
          label="Description"
          value={input.description}
          onChange={set('description')}
          error={errors.description}
        />
        <SelectField
          label="Resolve code"
          value={input.resolveCode}
          onChange={set('resolveCode')}
          options={RESOLVE_CODES}
          placeholder="Choose…"
          error={errors.resolveCode}
        />
        <SelectField
          label="Threat level"
          value={input.threatLevel}
          onChange={set('threatLevel')}
          options={THREAT_LEVELS}
          placeholder="Choose…"
          error={errors.threatLevel}
        />
        <FileField
          label="Photo (optional)"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          onChange={setImage}
          error={errors.image}
          fileName={image?.name}
          hint={
            existing?.imageUrl
              ? 'Leave empty to keep the current photo.'
              : 'JPEG, PNG, WebP or GIF, up to 5 MB.'
          }
        />
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {existing ? 'Save changes' : 'Submit report'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
