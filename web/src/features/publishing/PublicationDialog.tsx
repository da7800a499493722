import { useState, type FormEvent } from 'react';
import { IMAGE_CONTENT_TYPES } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { CheckboxGroup, FileField, TextAreaField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useTags } from '../../hooks/use-tags';
import { formatDate, toDateTimeLocal } from '../../lib/format';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import { savePublication, type Publication } from './api';
import { validatePublication, type PublicationField, type PublicationInput } from './form';
import type { PublicationKind } from './kinds';

function TagPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (t: string[]) => void;
  error?: string;
}) {
  const tags = useTags();
  return (
    <CheckboxGroup
      legend="Tags"
      options={tags.data.map((t) => t.name)}
      selected={selected}
      onChange={onChange}
      error={error}
    />
  );
}

export function PublicationDialog({
  kind,
  existing,
  onClose,
}: {
  kind: PublicationKind;
  existing: Publication | null;
  onClose: () => void;
}) {
  const scheduledLater = existing?.isScheduled && existing.timestamp.toMillis() > Date.now();
  const [input, setInput] = useState<PublicationInput>({
    title: existing?.title ?? '',
    text: (kind.textField === 'body' ? existing?.body : existing?.description) ?? '',
    when: scheduledLater ? 'schedule' : 'now',
    scheduledAt: scheduledLater && existing ? toDateTimeLocal(existing.timestamp.toDate()) : '',
    tags: existing?.tags ?? [],
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<PublicationField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof PublicationInput>(field: K) =>
    (value: PublicationInput[K]) =>
      setInput((i) => ({ ...i, [field]: value }));
  const alreadyPublished = existing !== null && !scheduledLater;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validatePublication(input, image, {
      textLabel: kind.textLabel,
      now: new Date(),
      withTags: kind.withTags,
    });
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      const result = await savePublication(kind, input, image, existing);
      const noun = kind.singular[0]!.toUpperCase() + kind.singular.slice(1);
      toast.success(
        existing
          ? `${noun} updated`
          : result.isScheduled
            ? `${noun} scheduled`
            : `${noun} published`,
        result.isScheduled
          ? `It will be published on ${formatDate(new Date(input.scheduledAt))}.`
          : result.pushed
            ? 'A push notification was sent.'
            : undefined,
      );
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      toast.error(`Could not save the ${kind.singular}`, message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={existing ? `Edit ${kind.singular}` : `New ${kind.singular}`}
      wide
    >
      <form onSubmit={submit} noValidate>
        <TextField label="Title" value={input.title} onChange={set('title')} error={errors.title} />
        <TextAreaField
          label={kind.textLabel}
          value={input.text}
          onChange={set('text')}
          error={errors.text}
          rows={6}
        />
        {kind.withTags && (
          <TagPicker selected={input.tags} onChange={set('tags')} error={errors.tags} />
        )}
        <FileField
          label="Image (optional)"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          onChange={setImage}
          error={errors.image}
          fileName={image?.name}
          hint={
            existing?.imageUrl
              ? 'Leave empty to keep the current image.'
              : 'JPEG, PNG, WebP or GIF, up to 5 MB.'
          }
        />
        {!alreadyPublished && (
          <fieldset className="mb-3">
            <legend className="text-sm font-medium text-slate-800">Publishing</legend>
            <label className="mr-4 inline-flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="when"
                checked={input.when === 'now'}
                onChange={() => set('when')('now')}
              />{' '}
              Publish now
            </label>
            <label className="inline-flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="when"
                checked={input.when === 'schedule'}
                onChange={() => set('when')('schedule')}
              />{' '}
              Schedule
            </label>
          </fieldset>
        )}
        {input.when === 'schedule' && (
          <TextField
            label="Publish on"
            type="datetime-local"
            value={input.scheduledAt}
            onChange={set('scheduledAt')}
            error={errors.scheduledAt}
          />
        )}
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
            {existing ? 'Save changes' : input.when === 'schedule' ? 'Schedule' : 'Publish'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
