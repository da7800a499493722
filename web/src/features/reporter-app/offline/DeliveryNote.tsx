import { deliveryOf, deliveryText, useOnline } from './delivery';

/** Says that a write of the reporter's is held on the device or still being sent; else nothing. */
export function DeliveryNote({ pending, className }: { pending: boolean; className?: string }) {
  const text = deliveryText(deliveryOf(pending, useOnline()));
  if (!text) return null;
  return (
    <p
      role="status"
      data-testid="delivery"
      className={`rounded-md bg-amber-50 p-3 text-sm text-amber-900 ${className ?? ''}`}
    >
      {text}
    </p>
  );
}
