import {
  STATUS_COLORS,
  STATUS_LABELS,
  type IncidentStatus,
  type NotificationColor,
} from '@campus-safety/model';

const COLOR_CLASSES: Record<NotificationColor, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-400',
  orange: 'bg-orange-100 text-orange-900 ring-orange-400',
  green: 'bg-green-100 text-green-900 ring-green-500',
  blue: 'bg-blue-100 text-blue-900 ring-blue-400',
  red: 'bg-red-100 text-red-900 ring-red-400',
};

export function StatusBadge({ status }: { status: IncidentStatus }) {
  const color = STATUS_COLORS[status] ?? 'yellow';
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${COLOR_CLASSES[color]}`}
    >
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}
