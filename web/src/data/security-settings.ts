import {
  SECURITY_SETTINGS,
  readSecuritySettings,
  type SecuritySettings,
} from '@campus-safety/model';
import type { FirestoreDataConverter } from 'firebase/firestore';
import { listenToDoc } from './firestore';
import type { DocSpec, WithId } from './spec';

const converter: FirestoreDataConverter<WithId<SecuritySettings>> = {
  toFirestore: ({ id: _id, ...data }) => data,
  fromFirestore: (snap) => ({ ...readSecuritySettings(snap.data()), id: snap.id }),
};

/** `settings/security`: server-written; every live account may read it. */
export const securitySettingsSpec: DocSpec<SecuritySettings> = {
  path: [SECURITY_SETTINGS.collection, SECURITY_SETTINGS.id],
  converter,
};

/** Follows the deployment's security settings; a missing document reads as the defaults. */
export function listenToSecuritySettings(
  onNext: (settings: SecuritySettings) => void,
  onError: (error: unknown) => void,
): () => void {
  return listenToDoc(
    securitySettingsSpec,
    (settings) => onNext(settings ?? readSecuritySettings(undefined)),
    onError,
  );
}
