/** Steps of the reporter app's report form (web/src/features/reporter-app/report) that suites share. */

/** Frames `campus` on the form's map and drops the pin there by a click, once the form shows it. */
export async function pinOnCampus(app, campus) {
  await app.getByLabel('Show campus on the map').selectOption(campus);
  const { DEMO_CAMPUSES, SECOND_INSTITUTION } = await import('@campus-safety/model/demo');
  const name = [...DEMO_CAMPUSES, ...SECOND_INSTITUTION.campuses].find((c) => c.id === campus).name;
  const map = app.getByRole('region', { name: new RegExp(`^Map of ${name}`) });
  await map.locator('.leaflet-container').waitFor();
  await map.click();
  await app
    .getByTestId('place')
    .getByText(new RegExp(`^Pin: .*${name}`))
    .waitFor();
}
