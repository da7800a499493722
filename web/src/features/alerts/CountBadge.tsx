/** A count beside a navigation entry, with what it counts for screen readers; nothing at 0. */
export function CountBadge({
  count,
  counts,
  testId,
}: {
  count: number;
  /** What is counted, read after the number ("unread new-incident alerts"). */
  counts: string;
  testId: string;
}) {
  if (count === 0) return null;
  return (
    <span
      className="ml-2 rounded-full bg-orange-700 px-2 py-0.5 text-xs font-semibold text-white"
      data-testid={testId}
    >
      {count}
      <span className="sr-only"> {counts}</span>
    </span>
  );
}
