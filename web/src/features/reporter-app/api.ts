import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  sendPasswordResetEmail,
} from 'firebase/auth';
import type { ReporterPlace } from '@campus-safety/model';
import { auth } from '../../lib/auth';
import {
  createAppUserProfile,
  fileAnonymousReport,
  fileNamedReport,
  type FiledReport,
  type ReportFields,
} from '../../data/reporter';
import { ANONYMOUS_NEEDS_CONNECTION_TEXT } from './offline/delivery';
import { holdReport, watchHeldReport } from './offline/held-reports';

/**
 * The reporter app's steps that are more than one write (docs/reporter-app.md): sign-up (the
 * Auth account, then its users document, then the verification email), filing a report named
 * or anonymous, the password reset link.
 */

export interface NewAccount extends ReporterPlace {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export async function signUp(account: NewAccount): Promise<void> {
  const email = account.email.trim();
  const { user } = await createUserWithEmailAndPassword(auth, email, account.password);
  await createAppUserProfile(user.uid, {
    firstName: account.firstName.trim(),
    lastName: account.lastName.trim(),
    email: user.email ?? email,
    campus: account.campus,
    affiliation: account.affiliation,
  });
  await sendEmailVerification(user);
}

/** Finishes a sign-up that stopped before its users document was written. */
export function finishAccount(details: { firstName: string; lastName: string } & ReporterPlace) {
  const user = auth.currentUser;
  if (!user?.email) throw new Error('Sign in again to finish your account.');
  return createAppUserProfile(user.uid, {
    firstName: details.firstName.trim(),
    lastName: details.lastName.trim(),
    email: user.email,
    campus: details.campus,
    affiliation: details.affiliation,
  });
}

/** Always resolves the same way whether an account exists, so the form names no accounts. */
export async function sendResetLink(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(auth, email.trim());
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'auth/user-not-found') throw error;
  }
}

/**
 * A named report, remembered on the device until the server has it, so a refusal on arrival is
 * explained with its content (docs/reporter-app.md#offline). `writtenAt`: when it was written.
 */
export async function fileHeld(
  fields: ReportFields,
  reporter: { uid: string; email: string },
  writtenAt: number,
): Promise<FiledReport> {
  const filed = await fileNamedReport(fields, reporter, writtenAt);
  holdReport(reporter.uid, { id: filed.id, fields, writtenAt });
  watchHeldReport(reporter.uid, filed.id, filed.sent);
  return filed;
}

/**
 * Files the report. A named one is written on the device at once and sent when it can be; an
 * anonymous one goes through the server, which keeps who filed it apart, so it needs a connection
 * (without one it is refused before anything is lost, and the form keeps what was typed).
 */
export async function fileReport(
  fields: ReportFields,
  anonymous: boolean,
  reporter: { uid: string; email: string },
): Promise<FiledReport> {
  if (!anonymous) return fileHeld(fields, reporter, Date.now());
  if (!navigator.onLine) throw new Error(ANONYMOUS_NEEDS_CONNECTION_TEXT);
  try {
    return { id: await fileAnonymousReport(fields), sent: Promise.resolve() };
  } catch (error) {
    // The connection dropped on the way: say that, not that the server failed.
    if (!navigator.onLine) throw new Error(ANONYMOUS_NEEDS_CONNECTION_TEXT);
    throw error;
  }
}
