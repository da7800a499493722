import { useMemo, useState } from 'react';
import {
  activeCampuses,
  campusIdFor,
  campusesProblems,
  campusesOf,
  centreOf,
  toStoredCampuses,
  type LatLng,
  CAMPUS_LIMITS,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../components/fields';
import { AreaPreviewMap, DrawBoundaryMap } from '../../components/map';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { useLiveDoc } from '../../data/live-query';
import { saveSetting, settingSpec } from '../../data/settings';
import { downloadFile } from '../../lib/csv';
import { useInstitution } from '../../lib/institution';
import { SettingSection } from './SettingSection';
import {
  EMPTY_CAMPUS_DRAFT,
  boundaryText,
  campusDraftOf,
  campusGeoJson,
  draftFromGeoJson,
  parseCampusDraft,
  previewOfDraft,
  withCampus,
  type CampusDraft,
  type CampusDraftField,
} from './campus-draft';

/** The choice of the campus select that starts a new campus. */
const NEW_CAMPUS = 'new';

/**
 * The institution's campuses (docs/institution.md#campuses): add one, rename it, redraw its
 * grounds, list its housing buildings, public property and noncampus properties, retire it.
 * Boundaries are typed, imported from GeoJSON or edited on the map; the whole set is
 * checked here as the function checks it (crossing edges, overlaps, buildings inside).
 */
export function CampusesForm() {
  const live = useLiveDoc(settingSpec('campuses'));
  const stored = live.data;
  const campuses = useMemo(() => campusesOf(stored), [stored]);
  const [chosen, setChosen] = useState<string>('');
  const editing =
    campuses.find((c) => c.id === chosen) ?? (chosen === NEW_CAMPUS ? null : (campuses[0] ?? null));
  const isNew = editing === null;
  const full = isNew && campuses.length >= CAMPUS_LIMITS.campuses;
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const form = useForm<CampusDraft, CampusDraftField>({
    initial: editing ? campusDraftOf(editing) : EMPTY_CAMPUS_DRAFT,
    // Another campus chosen is another one to edit: seeded like a new version.
    stored: { ...live, version: `${editing?.id ?? NEW_CAMPUS} ${stored?.updatedAt?.toMillis()}` },
    validate: (draft) => {
      if (full) return { name: `An institution has at most ${CAMPUS_LIMITS.campuses} campuses.` };
      const parsed = parseCampusDraft(draft, editing?.id ?? 'new-campus');
      if ('problems' in parsed) return parsed.problems;
      const problems = campusesProblems(withCampus(campuses, parsed.campus));
      return { boundary: problems[0] };
    },
    send: async (draft) => {
      const id = editing?.id ?? campusIdFor(draft.name, campuses);
      const parsed = parseCampusDraft(draft, id);
      if ('problems' in parsed) throw new Error(Object.values(parsed.problems)[0]);
      await saveSetting({
        setting: 'campuses',
        value: { campuses: toStoredCampuses(withCampus(campuses, parsed.campus)) },
      });
      // A new campus, once saved, is the one edited; a campus chosen meanwhile stays chosen.
      setChosen((current) => (current === NEW_CAMPUS ? id : current));
      toast.success(`${parsed.campus.name} saved`);
    },
    failureTitle: 'Could not save the campus',
  });
  const previewed = previewOfDraft(form.values, editing?.id ?? 'new-campus') ?? editing;
  const { mapView } = useInstitution();

  /** Grounds drawn on the map: the boundary, and the centre when none is given yet. */
  function drawn(ring: LatLng[]) {
    const centre = centreOf(ring);
    form.setValues((draft) => {
      const unset = draft.latitude.trim() === '' && draft.longitude.trim() === '';
      return {
        ...draft,
        boundary: boundaryText(ring),
        ...(unset && centre
          ? { latitude: String(centre.latitude), longitude: String(centre.longitude) }
          : {}),
      };
    });
  }

  async function importGeoJson(file: File | undefined) {
    if (!file) return;
    const read = draftFromGeoJson(await file.text(), form.values);
    setImportProblem('problem' in read ? read.problem : null);
    if ('draft' in read) form.setValues(read.draft);
  }

  return (
    <SettingSection
      name="campuses"
      description="Each campus: its name, its grounds and its Clery areas. Reports, alerts, schedules and records refer to a campus by its id, so a rename changes no history; a campus is retired, never removed."
      live={live}
      form={form}
      saveLabel={isNew ? 'Add campus' : 'Save campus'}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div>
          <SelectField
            label="Campus"
            value={editing?.id ?? NEW_CAMPUS}
            onChange={setChosen}
            options={[
              ...campuses.map((c) => ({
                value: c.id,
                label: c.retired ? `${c.name} (retired)` : c.name,
              })),
              { value: NEW_CAMPUS, label: 'Add a campus…' },
            ]}
            hint={
              editing
                ? `Id ${editing.id} (kept for good). ${activeCampuses(campuses).length} active of ${campuses.length}.`
                : full
                  ? `An institution has at most ${CAMPUS_LIMITS.campuses} campuses.`
                  : 'Its id is made from the name when it is added, and kept for good.'
            }
          />
          <div className="grid grid-cols-2 gap-x-3">
            <TextField label="Name" {...form.field('name')} />
            <TextField label="Short name" {...form.field('shortName')} />
          </div>
          <TextAreaField
            label={`Boundary (one “latitude, longitude” per line, 3 to ${CAMPUS_LIMITS.boundaryPoints} points)`}
            rows={8}
            {...form.field('boundary')}
          />
          <div className="grid grid-cols-2 gap-x-3">
            <TextField label="Centre latitude" inputMode="decimal" {...form.field('latitude')} />
            <TextField label="Centre longitude" inputMode="decimal" {...form.field('longitude')} />
          </div>
          <TextAreaField
            label="Student housing buildings (one per line: “Name: lat, lng; lat, lng; …”)"
            rows={3}
            {...form.field('housing')}
          />
          <TextAreaField
            label="Public property (one per line: “Name: lat, lng; lat, lng; …”)"
            rows={2}
            {...form.field('publicProperty')}
          />
          <TextAreaField
            label="Noncampus properties (one name per line)"
            rows={2}
            {...form.field('noncampus')}
          />
          <CheckboxField
            label="Retired: keep its history, take no new reports, people or alerts"
            checked={form.values.retired}
            onChange={form.set('retired')}
          />
          <div className="flex flex-wrap items-center gap-2">
            <label className="text-sm text-slate-800">
              <span className="mr-2">Import GeoJSON</span>
              <input
                type="file"
                accept=".geojson,.json,application/geo+json,application/json"
                onChange={(e) => void importGeoJson(e.target.files?.[0])}
              />
            </label>
            {editing && (
              <Button
                variant="secondary"
                onClick={() =>
                  downloadFile(
                    `${editing.id}.geojson`,
                    new Blob([campusGeoJson(editing)], { type: 'application/geo+json' }),
                  )
                }
              >
                Export GeoJSON
              </Button>
            )}
          </div>
          {importProblem && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {importProblem}
            </p>
          )}
        </div>
        {previewed ? (
          <div>
            <AreaPreviewMap
              campus={previewed}
              others={activeCampuses(campuses)}
              onBoundary={(ring) => form.set('boundary')(boundaryText(ring))}
            />
            <p className="mt-1 text-xs text-slate-600">
              Drag a corner to move it, drag a midpoint to add one, right-click a corner to remove
              it; the boundary above follows.
            </p>
          </div>
        ) : (
          <div>
            <DrawBoundaryMap
              others={activeCampuses(campuses)}
              view={mapView.centre}
              onBoundary={drawn}
            />
            <p className="mt-1 text-xs text-slate-600">
              Click the map at each corner of the grounds and click the first corner again to close
              them (or type or import a boundary); the boundary above and the centre follow.
            </p>
          </div>
        )}
      </div>
    </SettingSection>
  );
}
