import { useState, type FormEvent } from 'react';
import { CAMPUSES, ROLES } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions } from '../../components/Dialog';
import { SelectField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import type { Profile } from '../auth/store';
import { fullName } from '../../lib/format';
import { hasErrors, type FieldErrors } from '../../lib/validation';
import { createAccount, setRoleAndCampus } from './api';
import {
  toCreateRequest,
  validateAccount,
  validateRoleCampus,
  type AccountInput,
  type RoleCampusInput,
} from './form';

const EMPTY: AccountInput = {
  firstName: '',
  lastName: '',
  email: '',
  contactNumber: '',
  address: '',
  birthday: '',
  role: 'IMT',
  campus: '',
};

export function CreateAccountDialog({ onClose }: { onClose: () => void }) {
  const [input, setInput] = useState<AccountInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof AccountInput>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const set = (field: keyof AccountInput) => (value: string) =>
    setInput((i) => ({ ...i, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateAccount(input);
    setErrors(problems);
    setFailure(null);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      const request = toCreateRequest(input);
      const result = await createAccount(request);
      setCreated({ email: request.email, password: result.defaultPassword });
      toast.success('Account created', `${input.firstName} ${input.lastName} can now sign in.`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Account created"
        description="This default password is shown only once. Give it to the person; they must change it at first sign-in."
      >
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="font-semibold">Email</dt>
            <dd>{created.email}</dd>
          </div>
          <div>
            <dt className="font-semibold">Default password</dt>
            <dd>
              <code
                data-testid="default-password"
                className="rounded bg-slate-100 px-2 py-1 text-base"
              >
                {created.password}
              </code>
            </dd>
          </div>
        </dl>
        <DialogActions>
          <Button
            variant="secondary"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(created.password)
                .then(() => toast.info('Password copied'))
            }
          >
            Copy password
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={busy ? () => undefined : onClose} title="Create account" wide>
      <form onSubmit={submit} noValidate className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="First name"
          value={input.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label="Last name"
          value={input.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
        <TextField
          label="Email"
          type="email"
          value={input.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          label="Contact number"
          type="tel"
          value={input.contactNumber}
          onChange={set('contactNumber')}
          error={errors.contactNumber}
        />
        <SelectField
          label="Role"
          value={input.role}
          onChange={set('role')}
          options={ROLES}
          error={errors.role}
        />
        <SelectField
          label="Campus"
          value={input.campus}
          onChange={set('campus')}
          options={CAMPUSES}
          placeholder="No campus"
          error={errors.campus}
        />
        <TextField
          label="Birthday"
          type="date"
          value={input.birthday}
          onChange={set('birthday')}
          error={errors.birthday}
        />
        <TextField
          label="Address"
          value={input.address}
          onChange={set('address')}
          error={errors.address}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {failure}
          </p>
        )}
        <div className="sm:col-span-2">
          <DialogActions>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              Create account
            </Button>
          </DialogActions>
        </div>
      </form>
    </Dialog>
  );
}

export function RoleCampusDialog({ account, onClose }: { account: Profile; onClose: () => void }) {
  const [input, setInput] = useState<RoleCampusInput>({
    role: account.role,
    campus: account.campus ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<keyof RoleCampusInput>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = validateRoleCampus(input);
    setErrors(problems);
    if (hasErrors(problems)) return;
    setBusy(true);
    try {
      await setRoleAndCampus(account.id, input.role, input.campus || null);
      toast.success(
        'Account updated',
        `${fullName(account)} is now ${input.role}${input.campus ? ` at ${input.campus}` : ''}.`,
      );
      onClose();
    } catch (error) {
      toast.error(
        'Could not update the account',
        error instanceof Error ? error.message : String(error),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? () => undefined : onClose}
      title={`Role and campus of ${fullName(account)}`}
    >
      <form onSubmit={submit} noValidate>
        <SelectField
          label="Role"
          value={input.role}
          onChange={(v) => setInput((i) => ({ ...i, role: v }))}
          options={ROLES}
          error={errors.role}
        />
        <SelectField
          label="Campus"
          value={input.campus}
          onChange={(v) => setInput((i) => ({ ...i, campus: v }))}
          options={CAMPUSES}
          placeholder="No campus"
          error={errors.campus}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
