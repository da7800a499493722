/**
 * Identity: staff access changed only through an Admin callable, invitations instead of
 * a derivable password, and the password a person sets for themselves. Shared by the functions
 * (schemas, the invitation code) and the console (forms, the invitation link).
 */
import { z } from './zod-config';
import { campusIdSchema } from './campuses';
import deployment from './deployment.json';
import { documentId, typeError } from './fields';
import { imtHasCampus, IMT_NEEDS_CAMPUS } from './callable-inputs';
import { ROLES } from './roles';

/** An invitation stops working this long after it was issued; reissuing starts a new one. */
export const INVITATION_TTL_HOURS = 72;

/**
 * The spec's derived default password (docs/requirements.md#default-password) is guessable by
 * anyone who knows the email and the day (docs/decisions.md#invitations). Off unless a deployment
 * turns it on in deployment.json.
 */
export const DERIVED_DEFAULT_PASSWORD_ENABLED: boolean =
  (deployment as { derivedDefaultPassword?: unknown }).derivedDefaultPassword === true;

/** The password a person chooses: long enough to resist guessing, bounded so it stays cheap. */
export const PASSWORD_POLICY = { min: 12, max: 128 } as const;

export const passwordSchema = z
  .string({ error: typeError('Password', 'text') })
  .min(PASSWORD_POLICY.min, `Use at least ${PASSWORD_POLICY.min} characters.`)
  .max(PASSWORD_POLICY.max, `Use at most ${PASSWORD_POLICY.max} characters.`)
  .refine((p) => p.trim().length === p.length, 'The password may not start or end with a space.')
  .refine((p) => new Set(p).size >= 5, 'Use at least 5 different characters.');

/** What every form that sets a password says under the field. */
export const PASSWORD_HINT = `${PASSWORD_POLICY.min} to ${PASSWORD_POLICY.max} characters, at least 5 different ones.`;

/** The first thing wrong with a chosen password, for a form's field; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const parsed = passwordSchema.safeParse(password);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The secret part of an invitation code: 32 characters of a 56-letter alphabet (~186 bits). */
export const INVITATION_SECRET = /^[A-Za-z0-9]{32}$/;

/**
 * An invitation as the Admin hands it over: `<uid>.<secret>`, carried in the link's fragment so
 * it never reaches a server log. The uid names the account; only the secret's hash is stored.
 */
export function invitationCode(uid: string, secret: string): string {
  return `${uid}.${secret}`;
}
export function parseInvitationCode(code: string): { uid: string; secret: string } | null {
  const at = code.lastIndexOf('.');
  if (at <= 0) return null;
  const uid = code.slice(0, at);
  const secret = code.slice(at + 1);
  if (uid.length > 128 || !INVITATION_SECRET.test(secret)) return null;
  return { uid, secret };
}
/** The console's path of an invitation link. */
export function invitationPath(code: string): string {
  return `/invitation#${code}`;
}

export interface Invitation {
  /** Shown once to the Admin; the console makes the link of it (invitationPath). */
  code: string;
  /** ISO time the invitation stops working. */
  expiresAt: string;
}

export const setStaffAccessSchema = z
  .strictObject({
    uid: documentId('Account id'),
    role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }),
    campus: campusIdSchema.nullable(),
    isArchived: z.boolean({ error: typeError('Archived', 'true or false') }),
  })
  .refine(imtHasCampus, { message: IMT_NEEDS_CAMPUS, path: ['campus'] });

export const accountIdSchema = z.strictObject({ uid: documentId('Account id') });

export const redeemInvitationSchema = z.strictObject({
  uid: documentId('Account id'),
  secret: z
    .string({ error: typeError('Invitation', 'text') })
    .regex(INVITATION_SECRET, 'This invitation link is incomplete. Open the whole link again.'),
  password: passwordSchema,
});

/** What an Admin may change of an account's access, before → after in the audit log. */
export interface StaffAccess {
  role: (typeof ROLES)[number];
  campus: string | null;
  isArchived: boolean;
}

/** `account_audit/{id}`: one access change (server-written, Admin-read). */
export interface AccountAuditEntry<T = unknown> {
  uid: string;
  email: string;
  action: 'setStaffAccess' | 'createAccount' | 'issueInvitation' | 'removeUnverifiedAccount';
  byUid: string;
  byName: string;
  at: T;
  before: StaffAccess | null;
  after: StaffAccess | null;
}

export interface SetStaffAccessResponse {
  changed: boolean;
}
export interface RemoveUnverifiedAccountResponse {
  removed: true;
}
export interface IssueInvitationResponse {
  invitation: Invitation;
}
export interface RedeemInvitationResponse {
  /** The email to sign in with, now with the person's own password. */
  email: string;
}
export interface ConfirmEmailVerifiedResponse {
  emailVerified: boolean;
}

/**
 * What `createAccount` answers when the address already belongs to an account: a self-registered
 * one nobody verified is named (`details.unverifiedHolder`) so the Admin can remove it.
 */
export interface UnverifiedHolder {
  uid: string;
  email: string;
  displayName: string | null;
  createdAt: string | null;
}
