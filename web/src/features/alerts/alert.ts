import { NEW_INCIDENT_ALERT } from '@campus-safety/model';
import { useToasts } from '../../components/toast-store';
import { createIncidentAlertTracker } from './alert-tracker';
import { playAlertSound } from './beep';

/** Feeds report counts to a tracker; on growth plays the sound and shows the orange toast. */
export function createNewIncidentAlert(sound: () => void = playAlertSound) {
  const tracker = createIncidentAlertTracker();
  return (count: number, fromCache = false) => {
    if (!tracker.observe(count, fromCache)) return false;
    sound();
    useToasts.getState().show({
      title: NEW_INCIDENT_ALERT.title,
      message: NEW_INCIDENT_ALERT.message,
      tone: 'alert',
    });
    return true;
  };
}
