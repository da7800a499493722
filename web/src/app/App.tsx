import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toasts } from '../components/Toasts';
import { useAuth } from '../session/store';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  const start = useAuth((s) => s.start);
  useEffect(() => start(), [start]);
  return (
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>
  );
}
