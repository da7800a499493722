import { useMemo } from 'react';
import { readMassNotificationSettings } from '@campus-safety/model';
import { useLiveDoc } from '../../data/live-query';
import { massNotificationSettingsSpec } from '../../data/mass-notifications';

/** The saved templates, each missing one replaced by its default. */
export function useAlertSettings() {
  const doc = useLiveDoc(massNotificationSettingsSpec);
  return useMemo(() => readMassNotificationSettings(doc.data), [doc.data]);
}
