import { useState } from 'react';
import { THREAT_LEVELS } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../components/Dialog';
import {
  FormFailure,
  ImageField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import type { Accomplishment } from '../../data/accomplishments';
import { useResolveCodes } from '../../data/settings';
import { submitAccomplishment, updateAccomplishment } from './api';
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
  const [image, setImage] = useState<File | null>(null);
  const saved = useResolveCodes();
  // An edited report keeps the code it was saved with, even one no longer in the list.
  const kept = existing?.resolveCode;
  const codes = kept && !saved.includes(kept) ? [...saved, kept] : saved;
  const form = useForm<AccomplishmentInput, AccomplishmentField>({
    initial: {
      title: existing?.title ?? '',
      description: existing?.description ?? '',
      resolveCode: existing?.resolveCode ?? '',
      threatLevel:
        existing?.threatLevel ?? existing?.report?.threatLevel ?? defaultThreatLevel ?? '',
    },
    validate: (input) => validateAccomplishment(input, image, codes),
    send: async (input) => {
      if (existing) await updateAccomplishment(incidentId, existing.id, input, image);
      else await submitAccomplishment(incidentId, input, image);
      toast.success(existing ? 'Accomplishment report updated' : 'Accomplishment report submitted');
      onClose();
    },
    failureTitle: 'Could not save the accomplishment report',
  });

  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      title={existing ? 'Edit accomplishment report' : 'Submit accomplishment report'}
    >
      <form onSubmit={form.submit} noValidate>
        <TextField label="Title" {...form.field('title')} />
        <TextAreaField label="Description" {...form.field('description')} />
        <SelectField
          label="Resolve code"
          {...form.field('resolveCode')}
          options={codes}
          placeholder="Choose…"
        />
        <SelectField
          label="Threat level"
          {...form.field('threatLevel')}
          options={THREAT_LEVELS}
          placeholder="Choose…"
        />
        <ImageField
          label="Photo (optional)"
          file={image}
          onChange={setImage}
          error={form.errors.image}
          keeps={existing?.imageUrl ? 'photo' : undefined}
        />
        <FormFailure message={form.failure} />
        <DialogFooter
          onCancel={onClose}
          busy={form.busy}
          label={existing ? 'Save changes' : 'Submit report'}
        />
      </form>
    </Dialog>
  );
}
