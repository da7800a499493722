/**
 * The starter settings: the deployment defaults that the setup command (a real project) and the
 * seed (the local stack) write through one module, scripts/setup/starter-settings.mjs
 * (docs/setup.md#first-admin). Their editor marks a setting nobody has saved yet, which is
 * what the Admin's set-up checklist on Home looks for.
 */
import type { SettingEditor } from './settings';

export const STARTER_SETTINGS_EDITOR: SettingEditor = {
  uid: 'starter-settings',
  name: 'the starter settings (deployment defaults)',
};

/** Whether a settings document was saved by a person, not left as the starter settings wrote it. */
export function savedByPerson(doc: { updatedBy?: { uid?: unknown } } | null | undefined): boolean {
  const uid = doc?.updatedBy?.uid;
  return typeof uid === 'string' && uid !== '' && uid !== STARTER_SETTINGS_EDITOR.uid;
}
