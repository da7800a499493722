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
    <a href={telHref(number.phone)} className={`whitespace-nowrap underline ${className ?? ''}`}>
      {number.label}: {number.phone}
    </a>
  );
}

/** "Emergency: Campus security: +63 …  ·  Emergency: 911", on the console's and the app's frame. */
export function EmergencyNumbers({ className }: { className?: string }) {
  const { campusSecurity, localEmergency } = useInstitution();
  return (
    <p className={`text-sm ${className ?? ''}`} data-testid="emergency-numbers">
      <span className="font-semibold">In an emergency call </span>
      {emergencyNumbers(campusSecurity, localEmergency).map((n, i) => (
        <span key={n.label}>
          {i > 0 && ' · '}
          <PhoneLink number={n} />
        </span>
      ))}
    </p>
  );
}
