/** Demo tags, articles, announcements and the app release (plain data). */
export const SEED_TAGS = [
  'Parking Lot',
  'Dormitory',
  'Library',
  'Laboratory',
  'Night Shift',
  'CCTV Review',
  'Medical',
  'Fire Safety',
  'Lost and Found',
  'Repeat Location',
];

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** `scheduledInMinutes` items are scheduled ahead of `now`; the scheduler publishes them when due. */
export function buildArticles(now) {
  const at = (msAgo) => new Date(now.getTime() - msAgo);
  return [
    {
      id: 'demo-article-earthquake',
      title: 'What to do during an earthquake',
      description:
        'Drop, cover and hold on. Stay away from windows, do not use the elevators, and go to the nearest open assembly area once the shaking stops.',
      timestamp: at(20 * DAY),
      isArchived: false,
      isScheduled: false,
    },
    {
      id: 'demo-article-fire',
      title: 'Fire safety in the dormitories',
      description:
        'Know two ways out of your floor, never block fire doors, and report smoke or burning smells at once through the app.',
      timestamp: at(9 * DAY),
      isArchived: false,
      isScheduled: false,
    },
    {
      id: 'demo-article-walk',
      title: 'Walking home safely after dark',
      description:
        'Use the lit paths, walk in groups and use the campus escort service, available from 6 PM at the main gate.',
      timestamp: at(2 * DAY),
      isArchived: false,
      isScheduled: false,
    },
    {
      id: 'demo-article-old-drill',
      title: 'Last semester’s evacuation drill results',
      description: 'All buildings cleared within eight minutes. Thank you for taking part.',
      timestamp: at(28 * DAY),
      isArchived: true,
      isScheduled: false,
    },
    {
      id: 'demo-article-first-aid',
      title: 'First aid basics: burns and cuts',
      description:
        'Cool burns under running water for twenty minutes; press on bleeding cuts with a clean cloth. Call for help through the app.',
      timestamp: new Date(now.getTime() + 5 * 60_000),
      isArchived: false,
      isScheduled: true,
    },
  ];
}

export function buildAnnouncements(now) {
  const at = (msAgo) => new Date(now.getTime() - msAgo);
  return [
    {
      id: 'demo-announcement-drill',
      title: 'Campus-wide fire drill on Friday',
      body: 'A fire drill will be held on Friday at 10 AM in every building. Follow the marshals to the assembly areas.',
      tags: ['Fire Safety'],
      timestamp: at(3 * DAY),
      isArchived: false,
      isScheduled: false,
    },
    {
      id: 'demo-announcement-parking',
      title: 'Parking lot B lighting repairs',
      body: 'Parking lot B is partly dark this week while the lights are replaced. Please park in lot A after 6 PM.',
      tags: ['Parking Lot', 'Night Shift'],
      timestamp: at(6 * HOUR),
      isArchived: false,
      isScheduled: false,
    },
    {
      id: 'demo-announcement-hotline',
      title: 'New campus safety hotline hours',
      body: 'The safety hotline is now staffed around the clock, every day of the week.',
      tags: [],
      timestamp: at(25 * DAY),
      isArchived: true,
      isScheduled: false,
    },
    {
      id: 'demo-announcement-typhoon',
      title: 'Typhoon preparedness briefing',
      body: 'Join the preparedness briefing at the gymnasium. Classes may move online if a storm signal is raised.',
      tags: ['Dormitory'],
      timestamp: new Date(now.getTime() + 30 * 60_000),
      isArchived: false,
      isScheduled: true,
    },
  ];
}

export const SEED_RELEASE = {
  id: 'demo-release-1-4-0',
  version: '1.4.0',
  versionCode: 14,
  fileName: 'campus-safety-1.4.0.apk',
  contentType: 'application/vnd.android.package-archive',
  notes: 'Faster incident reporting, offline drafts, and clearer status notifications.',
};
