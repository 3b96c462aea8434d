/** User Preference page (spec 01, 2.8). */
export function PreferencesPage() {
  return <section aria-label="User Preference" className="preferences-page" />;
}

export default PreferencesPage;
