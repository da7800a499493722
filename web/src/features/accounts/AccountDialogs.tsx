import { useState } from 'react';
import { CAMPUSES, DEFAULT_PASSWORD_TTL_HOURS, ROLES } from '@campus-safety/model';
import { Button } from '../../components/Button';
import { Dialog, DialogActions, DialogFooter } from '../../components/Dialog';
import { FormFailure, SelectField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm, type FieldBinding } from '../../components/use-form';
import type { Profile } from '../../session/store';
import { fullName } from '../../lib/format';
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

/** Role, then campus (optional): the same pair when creating an account and when changing one. */
function RoleCampusFields({ role, campus }: { role: FieldBinding; campus: FieldBinding }) {
  return (
    <>
      <SelectField label="Role" {...role} options={ROLES} />
      <SelectField label="Campus" {...campus} options={CAMPUSES} placeholder="No campus" />
    </>
  );
}

export function CreateAccountDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const form = useForm<AccountInput>({
    initial: EMPTY,
    validate: validateAccount,
    send: async (input) => {
      const request = toCreateRequest(input);
      const result = await createAccount(request);
      setCreated({ email: request.email, password: result.defaultPassword });
      toast.success('Account created', `${input.firstName} ${input.lastName} can now sign in.`);
    },
  });

  if (created) {
    return (
      <OneTimePasswordDialog
        title="Account created"
        email={created.email}
        password={created.password}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} busy={form.busy} title="Create account" wide>
      <form onSubmit={form.submit} noValidate className="grid gap-x-4 sm:grid-cols-2">
        <TextField label="First name" {...form.field('firstName')} />
        <TextField label="Last name" {...form.field('lastName')} />
        <TextField label="Email" type="email" {...form.field('email')} />
        <TextField label="Contact number" type="tel" {...form.field('contactNumber')} />
        <RoleCampusFields role={form.field('role')} campus={form.field('campus')} />
        <TextField label="Birthday" type="date" {...form.field('birthday')} />
        <TextField label="Address" {...form.field('address')} />
        <FormFailure message={form.failure} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <DialogFooter onCancel={onClose} busy={form.busy} label="Create account" />
        </div>
      </form>
    </Dialog>
  );
}

/**
 * A default password, shown this once (the server keeps no readable copy). It stops signing in
 * DEFAULT_PASSWORD_TTL_HOURS after it was issued.
 */
export function OneTimePasswordDialog({
  title,
  email,
  password,
  onClose,
}: {
  title: string;
  email: string;
  password: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={`This default password is shown only once and works for ${DEFAULT_PASSWORD_TTL_HOURS} hours. Give it to the person; they must change it at first sign-in.`}
    >
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold">Email</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt className="font-semibold">Default password</dt>
          <dd>
            <code
              data-testid="default-password"
              className="rounded bg-slate-100 px-2 py-1 text-base"
            >
              {password}
            </code>
          </dd>
        </div>
      </dl>
      <DialogActions>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(password).then(() => toast.info('Password copied'))
          }
        >
          Copy password
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

export function RoleCampusDialog({ account, onClose }: { account: Profile; onClose: () => void }) {
  const form = useForm<RoleCampusInput>({
    initial: { role: account.role, campus: account.campus ?? '' },
    validate: validateRoleCampus,
    send: async ({ role, campus }) => {
      await setRoleAndCampus(account.id, role, campus || null);
      toast.success(
        'Account updated',
        `${fullName(account)} is now ${role}${campus ? ` at ${campus}` : ''}.`,
      );
      onClose();
    },
    failureTitle: 'Could not update the account',
  });

  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      title={`Role and campus of ${fullName(account)}`}
    >
      <form onSubmit={form.submit} noValidate>
        <RoleCampusFields role={form.field('role')} campus={form.field('campus')} />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Save" />
      </form>
    </Dialog>
  );
}
