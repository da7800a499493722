import { LIMITS, quickQuestionsProblem } from '@campus-safety/model';
import { Dialog, DialogFooter } from '../../../components/Dialog';
import { TextAreaField } from '../../../components/fields';
import { toast } from '../../../components/toast-store';
import { useForm } from '../../../components/use-form';
import { saveQuickQuestions } from '../../../data/conversation';

/** The questions as typed: one per line, blank lines left out. */
export function questionLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Admins edit the quick questions every staff member sends with one click. */
export function QuickQuestionsDialog({
  questions,
  onClose,
}: {
  questions: readonly string[];
  onClose: () => void;
}) {
  const form = useForm({
    initial: { text: questions.join('\n') },
    validate: ({ text }) => ({ text: quickQuestionsProblem(questionLines(text)) ?? undefined }),
    send: async ({ text }) => {
      await saveQuickQuestions(questionLines(text));
      toast.success('Quick questions saved');
      onClose();
    },
    failureTitle: 'Could not save the quick questions',
  });
  return (
    <Dialog
      open
      onClose={onClose}
      busy={form.busy}
      title="Quick questions"
      description="Staff send these to a reporter with one click."
    >
      <form onSubmit={form.submit} noValidate>
        <TextAreaField
          label="Questions, one per line"
          {...form.field('text')}
          rows={8}
          hint={`At most ${LIMITS.quickQuestions}, each up to ${LIMITS.quickQuestion} characters.`}
        />
        <DialogFooter onCancel={onClose} busy={form.busy} label="Save" />
      </form>
    </Dialog>
  );
}
