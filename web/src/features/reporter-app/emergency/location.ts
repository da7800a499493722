import { useEffect, useRef } from 'react';
import type { Fix } from '../../../data/emergencies';
import { messageOf } from '../../../lib/errors';

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

/**
 * While `active` names what is shared (an open emergency, a running timer), the phone's latest
 * fix (watchPosition) goes out with `send` (to that id) every `everyMs`, one send at a time; `onProblem` hears
 * why there is no fix, and null once one arrives. The SOS and the safety timer share it.
 */
export function usePacedLocation(
  active: string | null,
  everyMs: number,
  send: (id: string, fix: Fix) => Promise<void>,
  onProblem: (problem: string | null) => void,
) {
  const sendRef = useRef(send);
  sendRef.current = send;
  const problemRef = useRef(onProblem);
  problemRef.current = onProblem;
  useEffect(() => {
    if (!active) return;
    if (!('geolocation' in navigator)) {
      problemRef.current(locationProblem('unsupported'));
      return;
    }
    let latest: Fix | null = null;
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        latest = fixOf(position);
        problemRef.current(null);
      },
      (error) => problemRef.current(locationProblem(error.code)),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    let busy = false;
    const every = window.setInterval(() => {
      const fix = latest;
      if (!fix || busy) return;
      busy = true;
      sendRef
        .current(active, fix)
        .catch((e: unknown) => console.warn('Location not sent', messageOf(e)))
        .finally(() => (busy = false));
    }, everyMs);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(every);
    };
  }, [active, everyMs]);
}
