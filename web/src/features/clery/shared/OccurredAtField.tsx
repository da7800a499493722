import { TextField } from '../../../components/fields';

/** When a crime or fire happened, as staff learned it: a wall time in the programme zone, or empty. */
export function OccurredAtField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Date and time occurred"
      type="datetime-local"
      value={value}
      onChange={onChange}
      error={error}
      hint="Leave empty when unknown (the log says Unknown)."
    />
  );
}
