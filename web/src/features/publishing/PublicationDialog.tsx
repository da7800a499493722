import { useState } from 'react';
import { Dialog, DialogFooter } from '../../components/Dialog';
import {
  CheckboxGroup,
  FormFailure,
  ImageField,
  TextAreaField,
  TextField,
} from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveQuery } from '../../data/live-query';
import { tagsSpec } from '../../data/tags';
import { formatDate, parseDateTimeLocal, toDateTimeLocal } from '../../lib/format';
import { programmeTimeZone } from '../../lib/institution';
import type { Publication } from '../../data/publications';
import { savePublication } from './api';
import { validatePublication, type PublicationField, type PublicationInput } from './form';
import type { PublicationKind } from './kinds';

const WHEN_OPTIONS = [
  ['now', 'Publish now'],
  ['schedule', 'Schedule'],
] as const;

function TagPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (t: string[]) => void;
  error?: string;
}) {
  const tags = useLiveQuery(tagsSpec);
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
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<PublicationInput, PublicationField>({
    initial: {
      title: existing?.title ?? '',
      text: (kind.textField === 'body' ? existing?.body : existing?.description) ?? '',
      when: scheduledLater ? 'schedule' : 'now',
      scheduledAt: scheduledLater && existing ? toDateTimeLocal(existing.timestamp.toDate()) : '',
      tags: existing?.tags ?? [],
    },
    validate: (input) =>
      validatePublication(input, image, {
        now: new Date(),
        withTags: kind.withTags,
      }),
    send: async (input) => {
      const result = await savePublication(kind, input, image, existing);
      const noun = kind.singular[0]!.toUpperCase() + kind.singular.slice(1);
      toast.success(
        existing
          ? `${noun} updated`
          : result.isScheduled
            ? `${noun} scheduled`
            : `${noun} published`,
        result.isScheduled
          ? `It will be published on ${formatDate(parseDateTimeLocal(input.scheduledAt))}.`
          : result.pushed
            ? 'A push notification was sent.'
            : undefined,
      );
      onClose();
    },
    failureTitle: `Could not save the ${kind.singular}`,
  });
  const { values: input, set } = form;
  const alreadyPublished = existing !== null && !scheduledLater;

  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      title={existing ? `Edit ${kind.singular}` : `New ${kind.singular}`}
      wide
    >
      <form onSubmit={form.submit} noValidate>
        <TextField label="Title" {...form.field('title')} />
        <TextAreaField label={kind.textLabel} {...form.field('text')} rows={6} />
        {kind.withTags && (
          <TagPicker selected={input.tags} onChange={set('tags')} error={form.errors.tags} />
        )}
        <ImageField
          label="Image (optional)"
          file={image}
          onChange={setImage}
          error={form.errors.image}
          keeps={existing?.imageUrl ? 'image' : undefined}
        />
        {!alreadyPublished && (
          <fieldset className="mb-3">
            <legend className="text-sm font-medium text-slate-800">Publishing</legend>
            {WHEN_OPTIONS.map(([when, label]) => (
              <label key={when} className="mr-4 inline-flex items-center gap-1 text-sm">
                <input
                  type="radio"
                  name="when"
                  checked={input.when === when}
                  onChange={() => set('when')(when)}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        )}
        {input.when === 'schedule' && (
          <TextField
            label={`Publish on (${programmeTimeZone()})`}
            hint="The programme's time zone, whatever your browser's."
            type="datetime-local"
            {...form.field('scheduledAt')}
          />
        )}
        <FormFailure message={form.failure} />
        <DialogFooter
          onCancel={onClose}
          busy={form.busy}
          label={existing ? 'Save changes' : input.when === 'schedule' ? 'Schedule' : 'Publish'}
        />
      </form>
    </Dialog>
  );
}
