import { MEDIA_KIND_NAMES, type IncidentMedia } from '@campus-safety/model';
import type { WithId } from '../../../data/spec';

/** What a screen reader (and a tooltip) says about one media item of a report. */
export function mediaLabel(media: IncidentMedia, index: number, total: number): string {
  const what = media.kind ? MEDIA_KIND_NAMES[media.kind] : 'File';
  const by = media.side === 'reporter' ? 'the reporter' : media.by?.name || 'a staff member';
  return `${what} ${index + 1} of ${total}, added by ${by}`;
}

/** The sentence staff read instead of a refused file. */
export function withheldText(media: IncidentMedia): string {
  return `Withheld: ${media.reason ?? 'the file did not pass the checks.'}`;
}

/** The ids of ready media, to show a message's media only when they exist and passed. */
export function readyIds(media: readonly WithId<IncidentMedia>[]): Set<string> {
  return new Set(media.filter((m) => m.state === 'ready').map((m) => m.id));
}

/** The index moved by one, wrapping around at either end. */
export function step(index: number, by: 1 | -1, total: number): number {
  return (index + by + total) % total;
}
