import { useState } from 'react';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast-store';
import { rebuildFigures } from './api';

/** Admin: the aggregates recomputed from the reports; the live figures then follow. */
export function RebuildButton() {
  const [busy, setBusy] = useState(false);
  async function rebuild() {
    setBusy(true);
    try {
      const done = await rebuildFigures();
      toast.success(
        'Figures rebuilt',
        `${done.reports} report(s) counted into ${done.campuses} campus and ${done.days} day document(s).`,
      );
    } catch (error) {
      toast.failure('Could not rebuild the figures', error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" onClick={rebuild} busy={busy}>
      Rebuild figures
    </Button>
  );
}
