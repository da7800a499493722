import type { Fix } from '../../../data/emergencies';

/** What the person reads when the phone gives no location (the alert goes without it). */
export function locationProblem(code: number | 'unsupported'): string {
  switch (code) {
    case 'unsupported':
      return 'This browser cannot share your location.';
    case 1:
      return 'Location is blocked for this site.';
    case 3:
      return 'Your location took too long to find.';
    default:
      return 'Your location could not be found.';
  }
}

export function fixOf(position: GeolocationPosition): Fix {
  return {
    latitude: position.coords.latitude,
    longitude: position.coords.longitude,
    accuracy: position.coords.accuracy,
    at: position.timestamp,
  };
}

/** One fix for the alert: the phone's answer, or why there is none, within `timeoutMs`. */
export function currentFix(timeoutMs = 8_000): Promise<{ fix: Fix } | { problem: string }> {
  if (!('geolocation' in navigator))
    return Promise.resolve({ problem: locationProblem('unsupported') });
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ fix: fixOf(position) }),
      (error) => resolve({ problem: locationProblem(error.code) }),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 10_000 },
    );
  });
}
