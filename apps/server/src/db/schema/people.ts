/** Employees (people without a sign-in) and their types, per organisation. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { legalEntities } from './places';

/** Employee type per organisation; unique per organisation, case-insensitively (stored trimmed). */
export const employeeTypes = pgTable(
  'employee_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    type: text('type').notNull(),
  },
  (t) => [uniqueIndex('employee_types_org_type_lower_uq').on(t.organizationId, sql`lower(${t.type})`)],
);

/** Employee: organisation, legal entity, type, fullname, date_Create; one per full name, legal entity and type. */
export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    legalEntityId: integer('legal_entity_id')
      .notNull()
      .references(() => legalEntities.id),
    employeeTypeId: integer('employee_type_id')
      .notNull()
      .references(() => employeeTypes.id),
    fullname: text('fullname').notNull(),
    dateCreate: timestamp('date_create', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('employees_org_entity_type_name_uq').on(t.organizationId, t.legalEntityId, t.employeeTypeId, sql`lower(${t.fullname})`),
    index('employees_type_idx').on(t.employeeTypeId),
  ],
);
