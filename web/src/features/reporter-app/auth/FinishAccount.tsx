import { LIMITS } from '@campus-safety/model';
import { Button } from '../../../components/Button';
import { FormFailure, TextField } from '../../../components/fields';
import { useForm } from '../../../components/use-form';
import { useAuth } from '../../../session/store';
import { finishAccount } from '../api';
import { AppFrame } from '../AppFrame';
import { EMPTY_PLACE, placeProblems, placeRequest } from '../profile/place';
import { PlaceFields } from '../profile/PlaceFields';
import { nameProblems } from './form';

/**
 * A signed-in account without its users document (sign-up stopped half-way) adds its names,
 * campus and affiliation.
 */
export function FinishAccount() {
  const signOut = useAuth((s) => s.signOut);
  const form = useForm({
    initial: { firstName: '', lastName: '', ...EMPTY_PLACE },
    validate: (values) => ({ ...nameProblems(values), ...placeProblems(values) }),
    send: (values) => finishAccount({ ...values, ...placeRequest(values) }),
  });
  return (
    <AppFrame title="Finish your account">
      <p className="mb-4 text-sm text-slate-700">
        Your account needs your name and campus before you report.
      </p>
      <form onSubmit={form.submit} noValidate className="max-w-md">
        <TextField label="First name" maxLength={LIMITS.name} {...form.field('firstName')} />
        <TextField label="Last name" maxLength={LIMITS.name} {...form.field('lastName')} />
        <PlaceFields campus={form.field('campus')} affiliation={form.field('affiliation')} />
        <FormFailure message={form.failure} className="mb-3" />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={form.busy}>
            Save
          </Button>
          <Button variant="ghost" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      </form>
    </AppFrame>
  );
}
