/**
 * Employees demo data: every demo organisation gets the same employee types and a fixed list of
 * employees spread over its legal entities (no randomness, so tests and screenshots can name them).
 */
import { employeeTypes, employees } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_ORGANIZATIONS } from '../data';
import { mustGet } from './places';

export const DEMO_EMPLOYEE_TYPES = ['Permanent', 'Seasonal', 'Contractor'] as const;

/** Full names and types; the n-th employee goes to legal entity n mod (the organisation's count). */
export const DEMO_EMPLOYEES: readonly { fullname: string; type: (typeof DEMO_EMPLOYEE_TYPES)[number] }[] = [
  { fullname: 'Thabo Mokoena', type: 'Permanent' },
  { fullname: 'Anele Dlamini', type: 'Seasonal' },
  { fullname: 'Pieter van Wyk', type: 'Permanent' },
  { fullname: 'Nomsa Khumalo', type: 'Seasonal' },
  { fullname: 'Sipho Ndlovu', type: 'Contractor' },
  { fullname: 'Elmarie Botha', type: 'Permanent' },
  { fullname: 'Lerato Molefe', type: 'Seasonal' },
  { fullname: 'Johannes Smit', type: 'Contractor' },
];

export const employeesPart: SeedPart = {
  name: 'employees',
  async run(ctx) {
    for (const org of DEMO_ORGANIZATIONS) {
      const organizationId = mustGet(ctx.ids.organizations, org.key, 'organisation');
      const types = await ctx.insertReturning(
        employeeTypes,
        DEMO_EMPLOYEE_TYPES.map((type) => ({ organizationId, type })),
      );
      const typeId = new Map(types.map((t) => [t.type, t.id]));
      const entityIds = org.legalEntities.map((name) => mustGet(ctx.ids.legalEntities, name, 'legal entity'));
      await ctx.insert(
        employees,
        DEMO_EMPLOYEES.map((e, i) => ({
          organizationId,
          legalEntityId: entityIds[i % entityIds.length]!,
          employeeTypeId: typeId.get(e.type)!,
          fullname: e.fullname,
          dateCreate: ctx.daysBefore(200 - i * 10),
        })),
      );
    }
  },
};
