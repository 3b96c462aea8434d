import { describe, expect, it } from 'vitest';
import { addEmployeeTypeBodySchema, canSaveEmployee, employeeTypeExists, employeesQuerySchema, employeesSearch } from './employees.js';

describe('canSaveEmployee', () => {
  it.each([
    ['everything set', { legal_Entity: 1, fullname: 'Thabo', type: 2 }, true],
    ['no legal entity', { legal_Entity: null, fullname: 'Thabo', type: 2 }, false],
    ['no type', { legal_Entity: 1, fullname: 'Thabo', type: null }, false],
    ['no full name', { legal_Entity: 1, fullname: '', type: 2 }, false],
    ['a blank full name', { legal_Entity: 1, fullname: '   ', type: 2 }, false],
  ])('%s', (_name, form, expected) => {
    expect(canSaveEmployee(form)).toBe(expected);
  });
});

describe('employeeTypeExists', () => {
  const existing = [{ type: 'Permanent' }, { type: 'Seasonal' }];
  it.each([
    ['Permanent', true],
    ['permanent', true],
    ['  SEASONAL ', true],
    ['Contractor', false],
    ['Perm', false],
  ])('%s', (type, expected) => {
    expect(employeeTypeExists(type, existing)).toBe(expected);
  });
});

describe('addEmployeeTypeBodySchema', () => {
  it('requires a type and trims it', () => {
    expect(addEmployeeTypeBodySchema.parse({ type: '  Contractor ' })).toEqual({ type: 'Contractor' });
    expect(addEmployeeTypeBodySchema.safeParse({ type: '  ' }).success).toBe(false);
  });
});

describe('employeesSearch', () => {
  const options = { legalEntities: [1, 2], types: [10, 11, 12] };
  it.each([
    ['everything selected: no parameters', { legalEntities: [2, 1], types: [12, 10, 11] }, ''],
    ['one legal entity', { legalEntities: [2], types: [10, 11, 12] }, '?legalEntities=2'],
    ['some types', { legalEntities: [1, 2], types: [10, 12] }, '?types=10&types=12'],
    ['no legal entity selected: nothing to ask', { legalEntities: [], types: [10] }, null],
    ['no type selected: nothing to ask', { legalEntities: [1], types: [] }, null],
  ])('%s', (_name, selected, expected) => {
    expect(employeesSearch(selected, options)).toBe(expected);
  });

  it('reads back through the query schema', () => {
    expect(employeesQuerySchema.parse({ legalEntities: '1,2', types: ['3'] })).toEqual({ legalEntities: [1, 2], types: [3] });
    expect(employeesQuerySchema.parse({})).toEqual({ legalEntities: undefined, types: undefined });
  });
});
