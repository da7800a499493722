/**
 * The local mailbox. The Auth emulator sends no mail: it keeps every out-of-band link (email
 * verification, password reset, email sign-in) at `/emulator/v1/projects/<p>/oobCodes`. Staff
 * roles count only for verified accounts and reporters report only once verified
 * (docs/security-rules.md#verified-email), so `npm start` prints each new link once, addressed
 * like a mail, and a developer verifies by opening it (docs/local-stack.md).
 */
export const MAILBOX_INTERVAL_MS = 2000;

const PURPOSE = {
  VERIFY_EMAIL: 'verify the email address',
  PASSWORD_RESET: 'reset the password',
  EMAIL_SIGNIN: 'sign in',
  VERIFY_AND_CHANGE_EMAIL: 'confirm the new email address',
  RECOVER_EMAIL: 'recover the email address',
};

/** The lines for the links not printed yet (remembered in `seen`, by their one-time code). */
export function newMail(seen, oobCodes) {
  const lines = [];
  for (const code of Array.isArray(oobCodes) ? oobCodes : []) {
    if (typeof code?.oobCode !== 'string' || seen.has(code.oobCode)) continue;
    seen.add(code.oobCode);
    const purpose = PURPOSE[code.requestType] ?? String(code.requestType);
    lines.push(`[mailbox] to ${code.email}: open to ${purpose}: ${code.oobLink}`);
  }
  return lines;
}

/** Polls the Auth emulator's links and logs each new one; returns the function that stops it. */
export function startLocalMailbox({ authHost, projectId, log, intervalMs = MAILBOX_INTERVAL_MS }) {
  const url = `http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`;
  const seen = new Set();
  let stopped = false;
  let timer;
  const check = async () => {
    try {
      const response = await fetch(url);
      if (response.ok) newMail(seen, (await response.json()).oobCodes).forEach(log);
    } catch {
      // An Auth emulator that stops answering is the stack monitor's to report.
    }
    if (!stopped) timer = setTimeout(check, intervalMs);
  };
  timer = setTimeout(check, 0);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
