/**
 * SMS second factors through the Auth emulator, for suites that cannot show a reCAPTCHA (Node):
 * the codes the emulator "sends", and a password + SMS code sign-in over its REST API, which is
 * what the web SDK does after `auth/multi-factor-auth-required`.
 */

/**
 * @typedef {{ phoneNumber: string, code: string, sessionInfo: string }} VerificationCode
 * @typedef {{ authHost: string, project: string }} AuthEmulator
 *   `authHost` is `host:port` of the Auth emulator.
 */

/**
 * The SMS codes the emulator has issued and not yet used, oldest first.
 * @param {AuthEmulator} emulator
 * @returns {Promise<VerificationCode[]>}
 */
export async function verificationCodes({ authHost, project }) {
  const res = await fetch(`http://${authHost}/emulator/v1/projects/${project}/verificationCodes`);
  if (!res.ok) throw new Error(`verificationCodes answered ${res.status}`);
  const body = /** @type {{ verificationCodes?: VerificationCode[] }} */ (await res.json());
  return body.verificationCodes ?? [];
}

/**
 * @param {AuthEmulator} emulator
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<any>}
 */
async function identityToolkit({ authHost }, path, body) {
  const res = await fetch(`http://${authHost}/identitytoolkit.googleapis.com${path}?key=fake-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = /** @type {any} */ (await res.json());
  if (!res.ok) throw new Error(`${path}: ${json?.error?.message ?? res.status}`);
  return json;
}

/**
 * Signs in with a password and the code sent to the account's first enrolled phone, and returns
 * the ID token, which names the factor (`firebase.sign_in_second_factor: "phone"`).
 * @param {AuthEmulator} emulator
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function signInWithSmsCode(emulator, email, password) {
  const first = await identityToolkit(emulator, '/v1/accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const factor = first.mfaInfo?.[0];
  if (!first.mfaPendingCredential || !factor)
    throw new Error(`${email} has no second factor enrolled`);
  const started = await identityToolkit(emulator, '/v2/accounts/mfaSignIn:start', {
    mfaPendingCredential: first.mfaPendingCredential,
    mfaEnrollmentId: factor.mfaEnrollmentId,
    phoneSignInInfo: { recaptchaToken: 'emulator' },
  });
  const sessionInfo = started.phoneResponseInfo.sessionInfo;
  const sent = (await verificationCodes(emulator)).find((c) => c.sessionInfo === sessionInfo);
  if (!sent) throw new Error('The Auth emulator lists no code for this sign-in');
  const finished = await identityToolkit(emulator, '/v2/accounts/mfaSignIn:finalize', {
    mfaPendingCredential: first.mfaPendingCredential,
    phoneVerificationInfo: { sessionInfo, code: sent.code },
  });
  return finished.idToken;
}
