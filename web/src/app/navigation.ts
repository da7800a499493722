import { ADMIN_ONLY, SIGNED_IN, STAFF_ONLY, type RouteAccess } from './access';

export interface NavItem {
  to: string;
  label: string;
  access: RouteAccess;
}

/** Shell navigation; the router applies the same access to each path. */
export const NAV_SECTIONS: { title: string; items: NavItem[] }[] = [
  {
    title: 'Operations',
    items: [
      { to: '/', label: 'Home', access: SIGNED_IN },
      { to: '/dashboard', label: 'Trends and targets', access: STAFF_ONLY },
      { to: '/reports', label: 'Incident reports', access: SIGNED_IN },
      { to: '/accomplishment', label: 'Accomplishment reports', access: SIGNED_IN },
      { to: '/escalations', label: 'Escalations', access: SIGNED_IN },
      { to: '/mass-notifications', label: 'Mass notifications', access: STAFF_ONLY },
      { to: '/emergencies', label: 'Emergencies', access: STAFF_ONLY },
      { to: '/on-call', label: 'On call', access: STAFF_ONLY },
    ],
  },
  {
    title: 'Administration',
    items: [
      { to: '/accounts', label: 'Accounts', access: ADMIN_ONLY },
      { to: '/roster', label: 'Roster', access: ADMIN_ONLY },
      { to: '/articles', label: 'Articles', access: ADMIN_ONLY },
      { to: '/announcements', label: 'Announcements', access: ADMIN_ONLY },
      { to: '/tags', label: 'Tags', access: ADMIN_ONLY },
      { to: '/releases', label: 'App releases', access: ADMIN_ONLY },
      { to: '/settings', label: 'Settings', access: ADMIN_ONLY },
    ],
  },
  {
    // Clery records are Admins' (docs/clery.md#who-classifies).
    title: 'Clery Act',
    items: [
      { to: '/clery/crime-log', label: 'Daily crime log', access: ADMIN_ONLY },
      { to: '/clery/annual', label: 'Annual statistics', access: ADMIN_ONLY },
      { to: '/clery/fire-log', label: 'Fire log', access: ADMIN_ONLY },
      { to: '/clery/warnings', label: 'Warnings and tests', access: ADMIN_ONLY },
    ],
  },
  {
    title: 'Archives',
    // Each archive is the Admin screen of the same name with `archived`.
    items: ['reports', 'accomplishments', 'accounts', 'articles', 'announcements'].map(
      (screen) => ({ to: `/archives/${screen}`, label: `Archived ${screen}`, access: ADMIN_ONLY }),
    ),
  },
  { title: 'You', items: [{ to: '/profiles', label: 'Profile', access: SIGNED_IN }] },
];
