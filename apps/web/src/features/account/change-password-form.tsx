/** The change-password form (spec 01, 2.9). */
export function ChangePasswordForm() {
  return <section aria-label="Change Password" className="change-password-form" />;
}

export default ChangePasswordForm;
