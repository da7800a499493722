import { consoleName } from '../../lib/document-title';
import { useInstitution } from '../../lib/institution';
import type { ReactNode } from 'react';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow">
        <p className="text-sm font-semibold uppercase tracking-wide text-sky-800">
          {consoleName(useInstitution())}
        </p>
        <h1 className="mt-1 mb-6 text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
