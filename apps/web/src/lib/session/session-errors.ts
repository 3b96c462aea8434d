/** The signed-in user belongs to no organisation (docs/domain.md, After sign-in). */
export class NoOrganizationError extends Error {
  constructor() {
    super('no organization');
    this.name = 'NoOrganizationError';
  }
}
