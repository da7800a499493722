/**
 * The reply link's page (docs/mass-notifications.md#reply-links): plain HTML that works without
 * JavaScript, every value escaped, one style block allowed by its hash and nothing else.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, type ReplyChoice } from '@campus-safety/model';

const STYLE = [
  'body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#0f172a;background:#f8fafc;line-height:1.5}',
  'main{max-width:32rem;margin:0 auto;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem;padding:1.5rem}',
  'h1{font-size:1.35rem;margin:0 0 .5rem}',
  'p{margin:.5rem 0}',
  'form{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}',
  'button{font:inherit;font-weight:600;min-height:3rem;padding:.75rem 1rem;border-radius:.5rem;border:2px solid #1e3a8a;background:#1e3a8a;color:#fff;cursor:pointer}',
  'button.help{background:#991b1b;border-color:#991b1b}',
  'button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}',
].join('');

/**
 * The page's headers: no script, no frame, no referrer (the token is in the address), never
 * cached (a used link must not be shown again from a cache).
 */
export const REPLY_PAGE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; '),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex',
};

function page(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(heading)} · Campus Safety</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * The alert's question: one button per answer, posted with the token. Showing it records
 * nothing (mail scanners open links); the answer is taken by the POST.
 */
export function choicesPage(alert: {
  title: string;
  token: string;
  choices: readonly ReplyChoice[];
}) {
  const buttons = alert.choices
    .map(
      (c, k) =>
        `<button type="submit" name="choice" value="${k}"${c.needsHelp ? ' class="help"' : ''}>${escapeHtml(c.label)}</button>`,
    )
    .join('\n');
  return page(
    alert.title,
    `<p>Campus Safety asks how you are. Choose one answer; this link works once.</p>
<form method="post">
<input type="hidden" name="t" value="${escapeHtml(alert.token)}">
${buttons}
</form>`,
  );
}

export function recordedPage(answer: { label: string; needsHelp: boolean }) {
  return page(
    'Thank you: your answer was recorded',
    `<p>You answered “${escapeHtml(answer.label)}”.</p>
${
  answer.needsHelp
    ? '<p>Campus Safety staff can see that you need help. If you are in danger now, call emergency services.</p>'
    : '<p>To change your answer, use the app or reply to the SMS.</p>'
}`,
  );
}

/** One page for a link used, expired, unknown or not this alert's: nothing tells them apart. */
export function gonePage() {
  return page(
    'This link has been used or has expired',
    '<p>This link has been used or has expired. Nothing was recorded. If you still need to answer, use the app or reply to the SMS; if you need help now, call Campus Safety.</p>',
  );
}

export function problemPage(heading: string, message: string) {
  return page(heading, `<p>${escapeHtml(message)}</p>`);
}
