import { useMemo } from 'react';
import { readMassNotificationSettings } from '@campus-safety/model';
import { useLiveDoc } from '../../data/live-query';
import { massNotificationSettingsSpec } from '../../data/mass-notifications';

/** The saved templates and approval setting, each missing part replaced by its default. */
export function useAlertSettings() {
  const doc = useLiveDoc(massNotificationSettingsSpec);
  return useMemo(() => readMassNotificationSettings(doc.data), [doc.data]);
}
