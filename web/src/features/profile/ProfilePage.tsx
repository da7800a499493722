import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ImageField, TextField } from '../../components/fields';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/States';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { fullName } from '../../lib/format';
import { imageProblem } from '../../lib/validation';
import { PasswordChangeForm } from '../../session/PasswordChangeForm';
import { useAuth, type Profile } from '../../session/store';
import { savePhoto, saveProfile } from './api';
import { validateProfile, type ProfileInput } from './form';
import { Time } from '../../components/Time';
import { AlertPhoneForm } from '../../session/AlertPhoneForm';
import { SecondFactorEnrolment } from '../../session/SecondFactorEnrolment';
import { CampusName } from '../../components/CampusName';
import { PUSH_WORKER_URL, WebPushToggle } from '../../session/WebPushToggle';

const NAME_FIELDS = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

function DetailsForm({ profile }: { profile: Profile }) {
  // Reporters read an IMT's name in "<name> is now handling your report": an Admin sets it.
  const nameLocked = profile.role === 'IMT';
  const nameHint = nameLocked ? 'Set by an Admin: reporters see it on their reports.' : undefined;
  const form = useForm<ProfileInput>({
    initial: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      contactNumber: profile.contactNumber ?? '',
      address: profile.address ?? '',
      birthday: profile.birthday ?? '',
    },
    validate: validateProfile,
    send: async (input) => {
      await saveProfile(profile.id, input, { withName: !nameLocked });
      toast.success('Profile saved');
    },
    failureTitle: 'Could not save your profile',
  });

  return (
    <form onSubmit={form.submit} noValidate className="grid max-w-2xl gap-x-4 sm:grid-cols-2">
      {NAME_FIELDS.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={label}
          {...form.field(key)}
          autoComplete={autoComplete}
          disabled={nameLocked}
          hint={nameHint}
        />
      ))}
      <TextField
        label="Contact number"
        type="tel"
        {...form.field('contactNumber')}
        autoComplete="tel"
      />
      <TextField label="Birthday" type="date" {...form.field('birthday')} />
      <div className="sm:col-span-2">
        <TextField label="Address" {...form.field('address')} autoComplete="street-address" />
      </div>
      <div>
        <Button type="submit" busy={form.busy}>
          Save details
        </Button>
      </div>
    </form>
  );
}

function PhotoForm({ profile }: { profile: Profile }) {
  const form = useForm<{ photo: File | null }>({
    initial: { photo: null },
    validate: ({ photo }) => ({ photo: photo ? imageProblem(photo) : 'Choose a photo first.' }),
    send: async ({ photo }, { reset }) => {
      await savePhoto(profile.id, photo!);
      toast.success('Photo updated');
      reset();
    },
    failureTitle: 'Could not upload the photo',
  });
  return (
    <div className="flex flex-wrap items-end gap-4">
      {profile.profileUrl ? (
        <img
          src={profile.profileUrl}
          alt="Your profile photo"
          className="size-24 rounded-full object-cover"
        />
      ) : (
        <div
          aria-hidden
          className="flex size-24 items-center justify-center rounded-full bg-slate-200 text-2xl font-semibold text-slate-600"
        >
          {(profile.firstName?.[0] ?? '') + (profile.lastName?.[0] ?? '')}
        </div>
      )}
      <div className="min-w-64">
        <ImageField
          label="New photo"
          file={form.values.photo}
          onChange={form.set('photo')}
          error={form.errors.photo ?? form.failure ?? undefined}
        />
        <Button onClick={() => void form.submit()} busy={form.busy}>
          Upload photo
        </Button>
      </div>
    </div>
  );
}

/** A titled card of the profile screen; `id` names its heading for assistive tech. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-heading`} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ProfilePage() {
  const profile = useAuth((s) => s.profile);
  const email = useAuth((s) => s.user?.email);
  if (!profile) return <EmptyState title="No profile found for this account." />;
  const account: [string, React.ReactNode][] = [
    ['Role', profile.role],
    ['Campus', profile.campus ? <CampusName id={profile.campus} /> : '—'],
    ['Registered', <Time value={profile.registrationDate} />],
  ];
  return (
    <>
      <PageHeader title="Profile" subtitle={`${fullName(profile)} · ${email ?? profile.email}`} />
      <div className="space-y-6">
        <Section id="account" title="Account">
          <dl className="grid gap-2 text-sm sm:grid-cols-3">
            {account.map(([term, detail]) => (
              <div key={term}>
                <dt className="text-slate-500">{term}</dt>
                <dd>{detail}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section id="photo" title="Photo">
          <PhotoForm profile={profile} />
        </Section>
        <Section id="details" title="Your details">
          <DetailsForm profile={profile} />
        </Section>
        <Section id="alert-phone" title="Phone for alerts">
          <AlertPhoneForm />
        </Section>
        <Section id="web-push" title="Notifications on this device">
          <WebPushToggle worker={{ url: PUSH_WORKER_URL, scope: '/' }} />
        </Section>
        <Section id="password" title="Change password">
          <PasswordChangeForm onChanged={() => void toast.success('Password changed')} />
        </Section>
        <Section id="second-factor" title="Second factor (SMS code)">
          <SecondFactorEnrolment />
        </Section>
      </div>
    </>
  );
}
