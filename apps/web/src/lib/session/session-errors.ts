/** The signed-in user belongs to no organisation (spec 01, 4.1 step 2). */
export class NoOrganizationError extends Error {
  constructor() {
    super('no organization');
    this.name = 'NoOrganizationError';
  }
}
