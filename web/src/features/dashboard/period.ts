import {
  campusOf,
  type Campuses,
  PERIOD_PRESETS,
  checkedRange,
  presetRange,
  type DayRange,
  type PeriodPreset,
} from '@campus-safety/model';

/** What the dashboard shows, as held in the URL: `?period=30d` or `?from=…&to=…`, `&campus=…`. */
export interface DashboardView {
  preset: PeriodPreset | 'custom';
  range: DayRange;
  /** Admins: one campus or null for all; IMT: always their own. */
  campus: string | null;
  /** A custom range the URL asked for but that is not valid (shown, and the default used). */
  error: string | null;
}

export const DEFAULT_PRESET: PeriodPreset = '30d';

const isPreset = (value: string | null): value is PeriodPreset =>
  value !== null && Object.hasOwn(PERIOD_PRESETS, value);

/**
 * The view the search params name, `today` being today in the programme time zone. An IMT's
 * campus is theirs whatever the URL says; an unknown campus or preset falls back to the default.
 */
export function readView(
  params: URLSearchParams,
  today: string,
  fixedCampus: string | null,
  campuses: Campuses,
): DashboardView {
  const asked = params.get('campus');
  const campus = fixedCampus ?? campusOf(campuses, asked)?.id ?? null;
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const custom = checkedRange(from ?? '', to ?? '');
    if (!('error' in custom)) return { preset: 'custom', range: custom, campus, error: null };
    return { ...readPreset(null, today), campus, error: custom.error };
  }
  return { ...readPreset(params.get('period'), today), campus, error: null };
}

function readPreset(value: string | null, today: string) {
  const preset = isPreset(value) ? value : DEFAULT_PRESET;
  return { preset, range: presetRange(preset, today) };
}

/** The search params of a view (a preset keeps its name, so a bookmark follows the calendar). */
export function viewParams(
  view: Pick<DashboardView, 'preset' | 'range' | 'campus'>,
  withCampus: boolean,
): URLSearchParams {
  const params = new URLSearchParams();
  if (view.preset === 'custom') {
    params.set('from', view.range.from);
    params.set('to', view.range.to);
  } else params.set('period', view.preset);
  if (withCampus && view.campus) params.set('campus', view.campus);
  return params;
}
