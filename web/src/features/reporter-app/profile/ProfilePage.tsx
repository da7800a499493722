import { useState } from 'react';
import { AFFILIATION_LABELS } from '@campus-safety/model';
import { SaveFooter } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { saveReporterPlace } from '../../../data/reporter';
import { AlertPhoneForm } from '../../../session/AlertPhoneForm';
import { PUSH_WORKER_URL, WebPushToggle } from '../../../session/WebPushToggle';
import { APP_SCOPE } from '../../../lib/app-scope';
import { SERVICE_WORKER_URL } from '../pwa';
import { useAuth } from '../../../session/store';
import { AppPage } from '../AppFrame';
import { EMPTY_PLACE, placeOf, placeProblems, placeRequest, type PlaceForm } from './place';
import { LanguageSection } from './LanguageSection';
import { LocationSharingSection } from './LocationSharingSection';
import { PlaceFields } from './PlaceFields';
import { useCampusName } from '../../../data/settings';
import { CampusName } from '../../../components/CampusName';

/** Your profile: who the account is, and the campus and affiliation the reporter may change. */
export default function ProfilePage() {
  const profile = useAuth((s) => s.profile);
  const uid = useAuth((s) => s.user?.uid ?? '');
  const [saved, setSaved] = useState<string | null>(null);
  const nameOf = useCampusName();
  const form = useForm<PlaceForm>({
    initial: profile ? placeOf(profile) : EMPTY_PLACE,
    validate: placeProblems,
    send: async (values) => {
      setSaved(null);
      const place = placeRequest(values);
      await saveReporterPlace(uid, place);
      setSaved(
        place.campus
          ? `Saved. Alerts for ${nameOf(place.campus)} now reach you.`
          : 'Saved. Alerts sent to every campus still reach you.',
      );
    },
    // The profile is followed live: a save (here or on another device) re-seeds the form.
    stored: {
      status: profile ? 'ready' : 'loading',
      error: null,
      version: profile ? `${profile.campus}|${profile.affiliation}` : null,
    },
  });
  if (!profile) return null;
  return (
    <AppPage title="Your profile">
      <dl className="mb-5 text-sm">
        <dt className="font-medium text-slate-800">Name</dt>
        <dd className="mb-2 text-slate-700">
          {profile.firstName} {profile.lastName}
        </dd>
        <dt className="font-medium text-slate-800">Email</dt>
        <dd className="mb-2 break-all text-slate-700">{profile.email}</dd>
        <dt className="font-medium text-slate-800">Now</dt>
        <dd className="text-slate-700" data-testid="place-now">
          {profile.campus ? <CampusName id={profile.campus} /> : 'No campus'}
          {profile.affiliation ? ` · ${AFFILIATION_LABELS[profile.affiliation]}` : ''}
        </dd>
      </dl>
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Campus and affiliation</h2>
      <form onSubmit={form.submit} noValidate className="max-w-md">
        <PlaceFields campus={form.field('campus')} affiliation={form.field('affiliation')} />
        <SaveFooter failure={form.failure} busy={form.busy} label="Save" saved={saved} />
      </form>
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">Phone for alerts</h2>
      <AlertPhoneForm />
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">
        Notifications on this device
      </h2>
      {/* The app's worker holds the push handlers; the dev server builds no app worker. */}
      <WebPushToggle
        worker={{
          url: import.meta.env.PROD ? SERVICE_WORKER_URL : PUSH_WORKER_URL,
          scope: APP_SCOPE,
        }}
      />
      {uid && <LanguageSection uid={uid} profile={profile} />}
      {uid && <LocationSharingSection uid={uid} />}
    </AppPage>
  );
}
