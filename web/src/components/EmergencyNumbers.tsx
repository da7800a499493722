import { telHref, type EmergencyNumber } from '@campus-safety/model';
import { useInstitution } from '../lib/institution';

/** The saved emergency numbers, each a `tel:` link (campus security first: call it first). */
export function emergencyNumbers(
  campusSecurity: EmergencyNumber,
  localEmergency: EmergencyNumber | null,
): EmergencyNumber[] {
  return localEmergency ? [campusSecurity, localEmergency] : [campusSecurity];
}

export function PhoneLink({ number, className }: { number: EmergencyNumber; className?: string }) {
  return (
    <a href={telHref(number.phone)} className={`underline ${className ?? ''}`}>
      {number.label}: {number.phone}
    </a>
  );
}

/**
 * "In an emergency, call" and the saved numbers as links: on one line where there is room (the
 * app's bar), one under the other in the console's narrow sidebar (`stacked`).
 */
export function EmergencyNumbers({
  className,
  stacked,
}: {
  className?: string;
  stacked?: boolean;
}) {
  const { campusSecurity, localEmergency } = useInstitution();
  const numbers = emergencyNumbers(campusSecurity, localEmergency);
  return (
    <div className={`text-sm ${className ?? ''}`} data-testid="emergency-numbers">
      <p className="font-semibold">In an emergency, call</p>
      <ul className={stacked ? 'space-y-0.5' : 'flex flex-wrap gap-x-3'}>
        {numbers.map((n) => (
          <li key={n.label}>
            <PhoneLink number={n} className={stacked ? '' : 'whitespace-nowrap'} />
          </li>
        ))}
      </ul>
    </div>
  );
}
