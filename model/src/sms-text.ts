/**
 * How long an SMS is as the network counts it (3GPP TS 23.038): text of the GSM 7-bit alphabet
 * goes 160 characters in one segment (153 a segment once it needs several; a character of the
 * extension table counts two); any other character makes the whole message UCS-2, 70 in one
 * segment (67 each of several), counted in UTF-16 units. So one curly quote or emoji turns a
 * 150-character alert into three segments: the composer says so and the cut respects it.
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'gsm7' | 'ucs2';

const SEGMENT = {
  gsm7: { single: 160, multi: 153 },
  ucs2: { single: 70, multi: 67 },
} as const;

function encodingOf(text: string): SmsEncoding {
  for (const c of text) if (!GSM_BASIC.has(c) && !GSM_EXTENDED.has(c)) return 'ucs2';
  return 'gsm7';
}

/** One character's length in its message's encoding. */
function unitsOf(c: string, encoding: SmsEncoding): number {
  return encoding === 'ucs2' ? c.length : GSM_EXTENDED.has(c) ? 2 : 1;
}

/** The most units `segments` segments of `encoding` carry. */
export function smsCapacity(encoding: SmsEncoding, segments: number): number {
  const { single, multi } = SEGMENT[encoding];
  return segments === 1 ? single : segments * multi;
}

export interface SmsLength {
  encoding: SmsEncoding;
  /** Characters as the network counts them. */
  units: number;
  segments: number;
}

export function smsLength(text: string): SmsLength {
  const encoding = encodingOf(text);
  let units = 0;
  for (const c of text) units += unitsOf(c, encoding);
  const { single, multi } = SEGMENT[encoding];
  return { encoding, units, segments: units <= single ? 1 : Math.ceil(units / multi) };
}

/**
 * `text` cut to fit `maxSegments` segments together with `suffix` (a reply link: counted, never
 * cut), the cut ending in an ellipsis of the message's alphabet ("..." in GSM 7-bit, where "…"
 * would make the whole message UCS-2). Whole characters only.
 */
export function cutSms(text: string, maxSegments: number, suffix = ''): string {
  const length = smsLength(text + suffix);
  if (length.segments <= maxSegments) return text + suffix;
  const ellipsis = length.encoding === 'gsm7' ? '...' : '…';
  let room = smsCapacity(length.encoding, maxSegments) - ellipsis.length;
  for (const c of suffix) room -= unitsOf(c, length.encoding);
  let used = 0;
  let kept = '';
  for (const c of text) {
    const units = unitsOf(c, length.encoding);
    if (used + units > room) break;
    used += units;
    kept += c;
  }
  return kept + ellipsis + suffix;
}
