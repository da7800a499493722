import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  activeCampuses,
  LIMITS,
  offeredIncidentTypes,
  reportLimitText,
  reportQuotaFullUntil,
  reportPlacesOf,
  type CampusId,
} from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { CheckboxField, FormFailure, SelectField, TextAreaField } from '../../../components/fields';
import { PinPickerMap } from '../../../components/map';
import { MediaChooser, MediaProblems } from '../../../components/MediaPicker';
import { useForm } from '../../../components/use-form';
import { useLiveDoc } from '../../../data/live-query';
import { reportQuotaSpec } from '../../../data/reporter';
import { useCampuses, useIncidentTypes } from '../../../data/settings';
import { PhoneLink } from '../../../components/EmergencyNumbers';
import { programmeTimeZone, useInstitution } from '../../../lib/institution';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../session/store';
import { fileReport } from '../api';
import { untilSentOrHeld } from '../offline/delivery';
import { AppPage } from '../AppFrame';
import {
  descriptionLeft,
  EMPTY_REPORT,
  geolocationProblem,
  locationLine,
  mapCampusOf,
  reportFields,
  reportSchema,
  validateReport,
  type ReportForm,
} from './form';

/** What anonymous means, in plain words (docs/anonymity.md). */
function AnonymousExplained() {
  return (
    <div
      className="mb-4 rounded-md bg-slate-100 p-3 text-sm text-slate-700"
      id="anonymous-explained"
    >
      <p>
        <strong>Anonymous:</strong> the safety team sees the report, its place and your messages,
        but not your name, email or account. You still get its notifications and can answer their
        questions here.
      </p>
      <p className="mt-2">
        An administrator can reveal who sent it only in a serious case, for example to find someone
        in danger or when the law requires it. They must give a reason, which is recorded on the
        report for the safety team to see. You are not told when that happens.
      </p>
    </div>
  );
}

export default function NewReportPage() {
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const uid = user?.uid ?? '';
  const types = useIncidentTypes();
  const { campusSecurity } = useInstitution();
  const offered = offeredIncidentTypes(types);
  const campuses = useCampuses();
  const quota = useLiveDoc(uid ? reportQuotaSpec(uid) : null).data;
  const now = useNow(30_000);
  const fullUntil = reportQuotaFullUntil(quota ?? undefined, now);
  const quotaFull = fullUntil !== null;
  const profileCampus = useAuth((s) => s.profile?.campus ?? null);
  // The campus the reporter chose to show, else theirs (the campuses arrive after the first render).
  const [shown, setShown] = useState<CampusId | null>(null);
  const framed =
    activeCampuses(campuses).find((c) => c.id === shown) ?? mapCampusOf(profileCampus, campuses);
  const [locating, setLocating] = useState(false);
  const [locationNote, setLocationNote] = useState<string | null>(null);
  const places = framed ? reportPlacesOf(framed) : [];
  const [media, setMedia] = useState<File[]>([]);
  const [mediaProblems, setMediaProblems] = useState<string[]>([]);

  const form = useForm<ReportForm, string, ReturnType<typeof reportFields>>({
    initial: EMPTY_REPORT,
    validate: (values) => validateReport(values, offered),
    schema: reportSchema,
    request: (values) => reportFields(values, campuses),
    send: async (fields) => {
      if (quotaFull && fullUntil) throw new Error(reportLimitText(fullUntil, programmeTimeZone()));
      const filed = await fileReport(fields, form.values.anonymous, {
        uid,
        email: user?.email ?? '',
      });
      // Without a connection the report waits on the device; its page says so.
      const delivery = await untilSentOrHeld(filed.sent);
      // The chosen files ride along to the report's page, which uploads them once it has arrived.
      navigate(`/app/reports/${filed.id}`, { state: { filed: delivery, media } });
    },
  });
  const location = form.values.location;
  const setLocation = form.field('location').onChange;

  function useMyLocation() {
    setLocationNote(null);
    if (!('geolocation' in navigator)) {
      setLocationNote(geolocationProblem('unsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setLocation({
          latitude: Number(position.coords.latitude.toFixed(6)),
          longitude: Number(position.coords.longitude.toFixed(6)),
          source: 'device',
        });
      },
      (error) => {
        setLocating(false);
        setLocationNote(geolocationProblem(error.code));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  const locationError = location
    ? null
    : (form.errors.location ?? form.errors.geoLoc ?? form.errors.nearestCampus);

  return (
    <AppPage title="Report an incident">
      <p className="mb-4 text-sm text-slate-700">
        In an emergency, call <PhoneLink number={campusSecurity} className="font-semibold" /> first.
        This report goes to the safety team of the campus where it happened.
      </p>
      {quotaFull && fullUntil && (
        <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {reportLimitText(fullUntil, programmeTimeZone())}
        </p>
      )}
      <form onSubmit={form.submit} noValidate>
        <SelectField
          label="What happened"
          placeholder="Choose a type"
          options={types.filter((t) => t.offered).map((t) => ({ value: t.type, label: t.label }))}
          {...form.field('incidentType')}
          // A choice made since the last send answers the problem: it is not shown again.
          error={form.values.incidentType ? undefined : form.errors.incidentType}
        />
        <TextAreaField
          label="Description (optional)"
          rows={4}
          maxLength={LIMITS.body}
          hint={`${descriptionLeft(form.values.description)} characters left.`}
          {...form.field('description')}
        />
        <fieldset className="mb-4">
          <legend className="text-sm font-medium text-slate-800">Where it happened</legend>
          <div className="mt-2 flex flex-wrap items-end gap-2">
            <Button variant="secondary" busy={locating} onClick={useMyLocation}>
              Use my location
            </Button>
            <label className="text-sm text-slate-700">
              <span className="block">Show campus on the map</span>
              <select
                value={framed?.id ?? ''}
                onChange={(e) => setShown(e.target.value)}
                className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
              >
                {activeCampuses(campuses).map((campus) => (
                  <option key={campus.id} value={campus.id}>
                    {campus.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {locationNote && (
            <p role="alert" className="mt-2 text-sm text-amber-900">
              {locationNote}
            </p>
          )}
          <div className="mt-3">
            {framed && (
              <PinPickerMap
                campus={framed}
                value={location}
                onPick={(point) => {
                  setLocationNote(null);
                  setLocation({ ...point, source: 'pin' });
                }}
              />
            )}
          </div>
          <div className="mt-3">
            <SelectField
              label="Or choose a place"
              placeholder="Choose a place on this campus"
              value={location?.source === 'place' ? (location.place ?? '') : ''}
              onChange={(name) => {
                const place = places.find((p) => p.name === name);
                if (!place) return;
                setLocationNote(null);
                setLocation({ ...place.point, source: 'place', place: place.name });
              }}
              options={places.map((p) => ({ value: p.name, label: p.name }))}
            />
          </div>
          <p className="mt-2 text-sm text-slate-700" aria-live="polite" data-testid="place">
            {location
              ? locationLine(location, campuses)
              : 'No place chosen yet: use your location, put a pin on the map (click, tap, or Enter on the map), or choose a place.'}
          </p>
          {locationError && <p className="mt-1 text-sm text-red-700">{locationError}</p>}
        </fieldset>
        <CheckboxField
          label="Report anonymously"
          checked={form.values.anonymous}
          onChange={form.field('anonymous').onChange}
          className="mb-2"
        />
        <AnonymousExplained />
        <FormFailure message={form.failure} className="mb-3" />
        <fieldset className="mb-4">
          <legend className="text-sm font-medium text-slate-800">
            Photos, video or audio (optional)
          </legend>
          <div className="mt-2">
            <MediaChooser
              label="Choose photos, video or audio"
              max={LIMITS.mediaPerReport - media.length}
              disabled={media.length >= LIMITS.mediaPerReport}
              onChoose={(files, problems) => {
                setMedia((list) => [...list, ...files]);
                setMediaProblems(problems);
              }}
            />
          </div>
          {media.length > 0 && (
            <ul aria-label="Chosen files" className="mt-2 space-y-1 text-sm">
              {media.map((file, i) => (
                <li key={`${i}-${file.name}`} className="flex flex-wrap items-center gap-2">
                  <span className="max-w-56 truncate">{file.name}</span>
                  <Button
                    variant="ghost"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => setMedia((list) => list.filter((_, k) => k !== i))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <MediaProblems problems={mediaProblems} />
          {/* Files go to a report that exists (their path names it): they follow the report. */}
          <p className="mt-2 text-sm text-slate-600">
            They are sent once the report has arrived; its page shows each one&apos;s progress.
          </p>
        </fieldset>
        <Button type="submit" busy={form.busy} disabled={quotaFull} className="w-full sm:w-auto">
          {form.values.anonymous ? 'Send anonymous report' : 'Send report'}
        </Button>
      </form>
    </AppPage>
  );
}
