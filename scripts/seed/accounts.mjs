/**
 * Demo accounts: fixed uids and easy passwords, printed by `npm start` and listed in the README.
 * Plain data (no imports) so the start script and the scheduler can read it cheaply.
 */
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ADMIN = {
  uid: 'demo-admin',
  email: 'admin@campus.test',
  password: DEMO_PASSWORD,
  firstName: 'Alex',
  lastName: 'Morgan',
  role: 'Admin',
  campus: null,
};

/**
 * A second Admin with a phone enrolled as second factor, to try the SMS code step locally: the
 * Auth emulator sends no SMS, it lists the code (README, "Demo sign-ins").
 */
export const DEMO_ADMIN_WITH_SECOND_FACTOR = {
  uid: 'demo-admin-sms',
  email: 'admin.sms@campus.test',
  password: DEMO_PASSWORD,
  firstName: 'Sam',
  lastName: 'Navarro',
  role: 'Admin',
  campus: null,
  secondFactorPhone: '+15555550100',
};

/** Staff accounts: two Admins, one IMT per campus plus one archived (disabled) IMT. */
export const STAFF = [
  DEMO_ADMIN,
  DEMO_ADMIN_WITH_SECOND_FACTOR,
  {
    uid: 'demo-imt-main',
    email: 'imt.main@campus.test',
    password: DEMO_PASSWORD,
    firstName: 'Maria',
    lastName: 'Santos',
    role: 'IMT',
    campus: 'main',
  },
  {
    uid: 'demo-imt-north',
    email: 'imt.north@campus.test',
    password: DEMO_PASSWORD,
    firstName: 'Noel',
    lastName: 'Reyes',
    role: 'IMT',
    campus: 'north',
  },
  {
    uid: 'demo-imt-riverside',
    email: 'imt.riverside@campus.test',
    password: DEMO_PASSWORD,
    firstName: 'Rita',
    lastName: 'Cruz',
    role: 'IMT',
    campus: 'riverside',
  },
  {
    uid: 'demo-imt-former',
    email: 'imt.former@campus.test',
    password: DEMO_PASSWORD,
    firstName: 'Oscar',
    lastName: 'Lim',
    role: 'IMT',
    campus: 'main',
    isArchived: true,
  },
];

/**
 * App users who report incidents, each on the campus and with the affiliation they chose in /app
 * (docs/reporter-app.md#campus-and-affiliation); one without device tokens (pushes to them are
 * skipped) and one who was never asked (accounts from before the question).
 */
export const REPORTERS = [
  [
    'demo-reporter-1',
    'Jamie',
    'Dela Cruz',
    ['demo-fcm-token-jamie-phone', 'demo-fcm-token-jamie-tablet'],
    'main',
    'student',
  ],
  ['demo-reporter-2', 'Priya', 'Nair', ['demo-fcm-token-priya'], 'main', 'faculty'],
  ['demo-reporter-3', 'Carlos', 'Mendoza', ['demo-fcm-token-carlos'], 'north', 'student'],
  ['demo-reporter-4', 'Hana', 'Kim', ['demo-fcm-token-hana'], 'riverside', 'staff'],
  ['demo-reporter-5', 'Ben', 'Okafor', ['demo-fcm-token-ben'], 'north', 'visitor'],
  ['demo-reporter-6', 'Lea', 'Villanueva', [], null, null],
].map(([uid, firstName, lastName, deviceToken, campus, affiliation], index) => ({
  uid,
  email: `reporter${index + 1}@campus.test`,
  password: DEMO_PASSWORD,
  firstName,
  lastName,
  role: 'User',
  campus,
  ...(affiliation ? { affiliation } : {}),
  deviceToken,
}));

/** What `npm start` prints and the README lists. */
export function demoSignInLines() {
  return [
    ...STAFF.filter((a) => !a.isArchived).map(
      (a) =>
        `  ${a.role.padEnd(6)} ${a.email.padEnd(28)} ${a.password}${a.campus ? `   (${a.campus})` : ''}${a.secondFactorPhone ? `   (SMS code: see README)` : ''}`,
    ),
    `  User   ${REPORTERS[0].email.padEnd(28)} ${DEMO_PASSWORD}   (reporter, app user; reporter1..${REPORTERS.length})`,
  ];
}
