import { Button } from '../../components/Button';
import { toast } from '../../components/toast-store';
import { useForm } from '../../components/use-form';
import { rebuildFigures } from './api';

/** Admin: the aggregates recomputed from the reports; the live figures then follow. */
export function RebuildButton() {
  // A form without fields: the one hook keeps its busy state and its failure toast.
  const rebuild = useForm({
    initial: {},
    send: async () => {
      const done = await rebuildFigures();
      toast.success(
        'Figures rebuilt',
        `${done.reports} report(s) counted into ${done.campuses} campus and ${done.days} day document(s).`,
      );
    },
    failureTitle: 'Could not rebuild the figures',
  });
  return (
    <Button variant="secondary" onClick={() => void rebuild.submit()} busy={rebuild.busy}>
      Rebuild figures
    </Button>
  );
}
