/**
 * The mail settings of the local stack, from their one home: functions/.env.local holds the SMTP
 * port the functions send to and the port of the catcher's inbox. Plain .mjs, no dependencies.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo.mjs';

/** `{ smtp, inbox }` ports of the stack's mail catcher, as functions/.env.local sets them. */
export function mailCatcherPorts(root = REPO_ROOT) {
  const text = readFileSync(join(root, 'functions', '.env.local'), 'utf8');
  const value = (/** @type {string} */ key) => {
    const port = Number(new RegExp(`^${key}=(\\d+)$`, 'm').exec(text)?.[1]);
    if (!Number.isInteger(port) || port <= 0)
      throw new Error(`functions/.env.local has no ${key}=<port>.`);
    return port;
  };
  return { smtp: value('MAIL_SMTP_PORT'), inbox: value('MAIL_INBOX_PORT') };
}
