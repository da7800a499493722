import { useMemo, useState } from 'react';
import { CAMPUSES, campusAreasOf, type Campus } from '@campus-safety/model';
import { SelectField, TextAreaField, TextField } from '../../components/fields';
import { AreaPreviewMap } from '../../components/map';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { SettingSection } from './SettingSection';
import { areaDraftOf, parseAreaDraft, storedAreasOf, type AreaDraft } from './area-draft';

/**
 * Each campus's area: its boundary as a list of coordinates and its centre, with a map preview of
 * the draft. Maps, the seed and the Clery geography read the areas; the function checks them.
 */
export function CampusAreasForm() {
  const live = useLiveDoc(settingSpec('campusAreas'));
  const stored = live.data;
  const inForce = useMemo(() => campusAreasOf(stored), [stored]);
  const [campus, setCampus] = useState<Campus>(CAMPUSES[0]);
  const form = useForm<AreaDraft>({
    initial: areaDraftOf(inForce[campus]),
    // Another campus chosen is another area to edit: its stored one is seeded like a new version.
    stored: { ...live, version: `${campus} ${stored?.updatedAt?.toMillis()}` },
    validate: (draft) => {
      const parsed = parseAreaDraft(draft);
      return { boundary: 'problem' in parsed ? parsed.problem : undefined };
    },
    send: async (draft) => {
      const parsed = parseAreaDraft(draft);
      if ('problem' in parsed) throw new Error(parsed.problem);
      const areas = storedAreasOf({ ...inForce, [campus]: parsed.area });
      await saveSetting({ setting: 'campusAreas', value: { areas } });
      toast.success(`Area of ${campus} saved`);
    },
    failureTitle: `Could not save the area of ${campus}`,
  });
  const parsed = parseAreaDraft(form.values);
  const previewed =
    'area' in parsed && parsed.area.boundary.length >= 3
      ? { ...inForce, [campus]: parsed.area }
      : inForce;

  return (
    <SettingSection
      name="campusAreas"
      description="The grounds of each campus: the maps draw them and reports are placed by them."
      live={live}
      form={form}
      saveLabel="Save area"
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div>
          <SelectField
            label="Campus"
            value={campus}
            onChange={(value) => setCampus(value as Campus)}
            options={CAMPUSES.map((c) => ({ value: c, label: c }))}
          />
          <TextAreaField
            label="Boundary (one “latitude, longitude” per line, 3 to 50 points)"
            rows={10}
            {...form.field('boundary')}
            // The draft is checked as it is typed, not only when saved.
            error={'problem' in parsed ? parsed.problem : undefined}
          />
          <div className="grid grid-cols-2 gap-x-3">
            <TextField label="Centre latitude" inputMode="decimal" {...form.field('latitude')} />
            <TextField label="Centre longitude" inputMode="decimal" {...form.field('longitude')} />
          </div>
        </div>
        <AreaPreviewMap campus={campus} areas={previewed} />
      </div>
    </SettingSection>
  );
}
