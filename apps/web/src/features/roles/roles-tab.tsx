/** Settings, roles tab (spec 01, 2.10). */
export function RolesTab() {
  return <section aria-label="Roles" className="roles-tab" />;
}

export default RolesTab;
