import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toasts } from '../components/Toasts';
import { useProgrammeTimeZone } from '../lib/institution';
import { useAuth } from '../session/store';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  const start = useAuth((s) => s.start);
  useEffect(() => start(), [start]);
  useEffect(() => {
    // Loaded after the first render, like the profile (session/store.ts), so /login's own
    // scripts stay without Firestore; signed out too: /app shows the numbers to call.
    let stop: (() => void) | null = null;
    let left = false;
    void import('../data/institution').then(({ listenToInstitution }) => {
      if (!left) stop = listenToInstitution();
    });
    return () => {
      left = true;
      stop?.();
    };
  }, []);
  // Times, day boundaries and column headers read the zone while rendering; a saved zone change
  // (rare) renders every screen again in it, rather than each screen subscribing to it. A page
  // opens in the zone this browser read last (lib/institution.ts), so a load changes nothing.
  const timeZone = useProgrammeTimeZone();
  return (
    <>
      <RouterProvider key={timeZone} router={router} />
      <Toasts />
    </>
  );
}
