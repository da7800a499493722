import { defineString } from 'firebase-functions/params';
import type { VapidDetails } from './web-push-transport';

/*
 * The application server's VAPID keys (docs/decisions.md#web-push). functions/.env.local holds a
 * pair made for the local stack only, committed so that every stack and test can push; a
 * deployment sets its own pair in functions/.env (web-push's `generate-vapid-keys`), and the web
 * app's VITE_WEB_PUSH_PUBLIC_KEY must be that public key.
 */
const publicKey = defineString('WEB_PUSH_PUBLIC_KEY', {
  default: '',
  description: 'VAPID public key (base64url) the web app subscribes with; empty: no Web Push.',
});
const privateKey = defineString('WEB_PUSH_PRIVATE_KEY', {
  default: '',
  description: 'VAPID private key (base64url) that signs every Web Push; empty: no Web Push.',
});
const subject = defineString('WEB_PUSH_SUBJECT', {
  default: 'mailto:safety@campus-safety.invalid',
  description: 'VAPID subject: a mailto: or https: contact push services may use.',
});

/** The VAPID identity, or null while the keys are not set (Web Push addresses then fail). */
export function vapidDetails(): VapidDetails | null {
  const pub = publicKey.value();
  const priv = privateKey.value();
  return pub && priv ? { subject: subject.value(), publicKey: pub, privateKey: priv } : null;
}
