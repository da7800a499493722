import { Outlet } from 'react-router';
import { useInstallableApp } from './pwa';

/** Every /app page: the app's own frame (not the staff shell), installable while shown. */
export default function ReporterLayout() {
  useInstallableApp();
  return (
    <div className="min-h-screen bg-slate-50">
      <Outlet />
    </div>
  );
}
