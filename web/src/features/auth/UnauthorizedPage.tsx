import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';

export default function UnauthorizedPage() {
  return (
    <AuthLayout title="Not allowed">
      <p className="text-sm text-slate-700">Your role does not have access to that screen.</p>
      <Link to="/" className="mt-6 inline-block font-medium text-sky-800 underline">
        Back to the dashboard
      </Link>
    </AuthLayout>
  );
}
