/** Sign-in through the Auth emulator's REST API (what the web SDK does), for scripts. */
const API_KEY = 'fake-api-key'; // the Auth emulator accepts any key

export async function signInWithPassword(authHost, email, password) {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(`Sign-in as ${email} failed: ${body.error?.message ?? response.status}`);
  }
  return {
    idToken: body.idToken,
    uid: body.localId,
    expiresAt: Date.now() + Number(body.expiresIn) * 1000,
  };
}

/** Calls an HTTPS callable function as a signed-in user; resolves with its `result`. */
export async function callCallable({ functionsHost, projectId, region, name, idToken, data = {} }) {
  const response = await fetch(`http://${functionsHost}/${projectId}/${region}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.error) {
    const message = body.error?.message ?? `HTTP ${response.status}`;
    throw new Error(`${name} failed: ${message}`);
  }
  return body.result;
}
