import { Link, useRouteError } from 'react-router';

/** Routing errors and unknown addresses. */
export default function NotFoundPage() {
  const error = useRouteError();
  if (error) console.error('Routing error', error);
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="max-w-md rounded-lg bg-white p-8 text-center shadow">
        <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-700">
          The address does not match any screen of the console.
        </p>
        <Link to="/" className="mt-6 inline-block font-medium text-sky-800 underline">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
