import { callCallable, signInWithPassword } from '../../scripts/lib/auth-rest.mjs';
import { PROJECT_ID, REGION } from '../../scripts/lib/paths.mjs';
import { accounts, stack } from './suite.mjs';

/** The housekeeping job once (the e2e stack runs no scheduler), as the local scheduler runs it. */
export async function runHousekeeping() {
  const { endpoints } = stack();
  const admin = accounts().admin;
  const { idToken } = await signInWithPassword(endpoints.auth, admin.email, admin.password);
  return callCallable({
    functionsHost: endpoints.functions,
    projectId: PROJECT_ID,
    region: REGION,
    name: 'runHousekeeping',
    idToken,
  });
}
