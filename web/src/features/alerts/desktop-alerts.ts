/**
 * Browser notifications for new incidents while the console's tab is hidden. Permission is only
 * ever asked from a click ("Enable desktop alerts"), never on load: browsers block or penalise
 * sites that ask unprompted, and people deny what they did not ask for.
 */

export function desktopAlertsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function desktopAlertPermission(): NotificationPermission | 'unsupported' {
  return desktopAlertsSupported() ? Notification.permission : 'unsupported';
}

/** Asks for permission; call only from a user's click. */
export async function enableDesktopAlerts(): Promise<NotificationPermission | 'unsupported'> {
  if (!desktopAlertsSupported()) return 'unsupported';
  return Notification.requestPermission();
}

/** Shows a notification when the tab is hidden and permission was given; clicking it focuses the tab and runs `onOpen`. */
export function showDesktopAlert(
  title: string,
  body: string,
  tag: string,
  onOpen: () => void,
): boolean {
  if (!desktopAlertsSupported() || Notification.permission !== 'granted') return false;
  if (document.visibilityState !== 'hidden') return false;
  const notification = new Notification(title, { body, tag });
  notification.onclick = () => {
    window.focus();
    onOpen();
    notification.close();
  };
  return true;
}
