import { useState } from 'react';
import {
  ROLES,
  campusName,
  STAFF_ROLES,
  invitationPath,
  type Invitation,
  type Role,
  type UnverifiedHolder,
} from '@campus-safety/model';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog, DialogActions, DialogFooter } from '../../components/Dialog';
import { FormFailure, SelectField, TextField } from '../../components/fields';
import { toast } from '../../components/toast-store';
import { useForm, type FieldBinding } from '../../components/use-form';
import { useCampusOptions, useCampuses } from '../../data/settings';
import type { Profile } from '../../session/store';
import { formatDate, fullName } from '../../lib/format';
import { createAccount, removeUnverifiedAccount, setStaffAccess, unverifiedHolderOf } from './api';
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

/**
 * Role, then campus (optional): the same pair when creating an account (staff roles only: reporters
 * sign up in the app) and when changing one.
 */
function RoleCampusFields({
  role,
  campus,
  roles,
}: {
  role: FieldBinding;
  campus: FieldBinding;
  roles: readonly Role[];
}) {
  const campuses = useCampusOptions();
  return (
    <>
      <SelectField label="Role" {...role} options={roles} />
      <SelectField label="Campus" {...campus} options={campuses} placeholder="No campus" />
    </>
  );
}

export function CreateAccountDialog({ onClose }: { onClose: () => void }) {
  const [created, setCreated] = useState<{ email: string; invitation: Invitation } | null>(null);
  const [holder, setHolder] = useState<UnverifiedHolder | null>(null);
  const [removing, setRemoving] = useState(false);
  const campuses = useCampuses();
  const form = useForm<AccountInput>({
    initial: EMPTY,
    validate: (values) => validateAccount(values, campuses),
    send: async (input) => {
      const request = toCreateRequest(input);
      setHolder(null);
      try {
        const result = await createAccount(request);
        setCreated({ email: request.email, invitation: result.invitation });
        toast.success('Account created', `Give ${input.firstName} the invitation link.`);
      } catch (error) {
        setHolder(unverifiedHolderOf(error));
        throw error;
      }
    },
  });

  async function removeHolder(uid: string) {
    await removeUnverifiedAccount(uid);
    toast.success('Unverified account removed', 'Create the account again.');
    setHolder(null);
    setRemoving(false);
  }

  if (created) {
    return (
      <InvitationDialog
        title="Account created"
        email={created.email}
        invitation={created.invitation}
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
        <RoleCampusFields
          role={form.field('role')}
          campus={form.field('campus')}
          roles={STAFF_ROLES}
        />
        <TextField label="Birthday" type="date" {...form.field('birthday')} />
        <TextField label="Address" {...form.field('address')} />
        <FormFailure message={form.failure} className="sm:col-span-2" />
        {holder && (
          <div
            data-testid="unverified-holder"
            className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2"
          >
            <p>
              <strong>{holder.email}</strong> belongs to a self-registered account
              {holder.displayName ? ` (${holder.displayName})` : ''} that never proved it owns the
              address. It has no staff access. If it is not the person you are adding, remove it and
              create the account again.
            </p>
            <Button variant="secondary" className="mt-2" onClick={() => setRemoving(true)}>
              Remove the unverified account
            </Button>
          </div>
        )}
        <div className="sm:col-span-2">
          <DialogFooter onCancel={onClose} busy={form.busy} label="Create account" />
        </div>
      </form>
      <ConfirmDialog
        open={removing && holder !== null}
        title="Remove the unverified account"
        message={`The account holding ${holder?.email ?? ''} is deleted with its profile. It never verified the address. This cannot be undone.`}
        confirmLabel="Remove account"
        onConfirm={() => (holder ? removeHolder(holder.uid) : undefined)}
        failureTitle="Could not remove the account"
        onClose={() => setRemoving(false)}
      />
    </Dialog>
  );
}

/**
 * An invitation link, shown this once (the server keeps only a hash). The person opens it, sets
 * their own password and verifies their email; it works once, until it expires.
 */
export function InvitationDialog({
  title,
  email,
  invitation,
  onClose,
}: {
  title: string;
  email: string;
  invitation: Invitation;
  onClose: () => void;
}) {
  const link = `${window.location.origin}${invitationPath(invitation.code)}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description="This invitation link is shown only once. Give it to the person (not by a public channel): it lets them set their own password, once."
    >
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold">Email</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt className="font-semibold">Invitation link</dt>
          <dd>
            <code
              data-testid="invitation-link"
              className="block break-all rounded bg-slate-100 px-2 py-1 text-sm"
            >
              {link}
            </code>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Works until</dt>
          <dd>{formatDate(new Date(invitation.expiresAt))}</dd>
        </div>
      </dl>
      <DialogActions>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(() => toast.info('Link copied'))
          }
        >
          Copy link
        </Button>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}

export function RoleCampusDialog({ account, onClose }: { account: Profile; onClose: () => void }) {
  const campuses = useCampuses();
  const form = useForm<RoleCampusInput>({
    initial: { role: account.role, campus: account.campus ?? '' },
    validate: (values) => validateRoleCampus(values, campuses),
    send: async ({ role, campus }) => {
      await setStaffAccess(account.id, {
        role: role as Role,
        campus: campus || null,
        isArchived: account.isArchived,
      });
      toast.success(
        'Account updated',
        `${fullName(account)} is now ${role}${campus ? ` at ${campusName(campuses, campus)}` : ''}.`,
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
      {account.emailVerified !== true && (
        <p
          data-testid="unverified-note"
          className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900"
        >
          {account.email} is not verified yet, so it can only be an app user. Staff roles count once
          the person has opened the verification link.
        </p>
      )}
      <form onSubmit={form.submit} noValidate>
        <RoleCampusFields role={form.field('role')} campus={form.field('campus')} roles={ROLES} />
        <FormFailure message={form.failure} />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Save" />
      </form>
    </Dialog>
  );
}
