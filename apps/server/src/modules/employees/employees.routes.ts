/**
 * Employee management API. Reading needs employees.view; adding, editing and deleting employees
 * employees.manage; adding employee types employees.manageTypes. All inside the current organisation;
 * legal entities and employees within the caller's farms.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  EMPLOYEES_PATHS,
  addEmployeeBodySchema,
  addEmployeeTypeBodySchema,
  employeeIdParamsSchema,
  employeeLegalEntitiesResponseSchema,
  employeeSchema,
  employeeTypeSchema,
  employeeTypesResponseSchema,
  employeesQuerySchema,
  employeesResponseSchema,
  findEmployeeQuerySchema,
  updateEmployeeBodySchema,
} from '@orchard/shared/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../plugins/access';
import { errorResponses, noContentSchema } from '../../http/schemas';
import {
  addEmployee,
  addEmployeeType,
  editEmployee,
  exportEmployees,
  findEmployeesByCombination,
  getEmployee,
  listEmployeeTypes,
  listEmployees,
  listLegalEntities,
  removeEmployee,
} from './employees.service';
import { permissionPolicy } from '../../http/policies';

const view = permissionPolicy(PERMISSIONS.employeesView);
const manage = permissionPolicy(PERMISSIONS.employeesManage);
const manageTypes = permissionPolicy(PERMISSIONS.employeesManageTypes);
const readErrors = errorResponses(400, 401, 403, 404);

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    EMPLOYEES_PATHS.list,
    { config: view, schema: { querystring: employeesQuerySchema, response: { 200: employeesResponseSchema, ...readErrors } } },
    async (request) => listEmployees(app.db, requireTenant(request), request.query),
  );

  app.get(
    EMPLOYEES_PATHS.export,
    {
      config: view,
      schema: {
        querystring: employeesQuerySchema,
        response: { 200: z.any().describe('text/csv attachment: Id, Type, Legal Entity, Full Name, Date Created'), ...readErrors },
      },
    },
    async (request, reply) => reply.sendCsvExport(await exportEmployees(app.db, requireTenant(request), request.query, app.clock.now(), request.url)),
  );

  app.get(
    EMPLOYEES_PATHS.find,
    { config: view, schema: { querystring: findEmployeeQuerySchema, response: { 200: employeesResponseSchema, ...readErrors } } },
    async (request) => findEmployeesByCombination(app.db, requireTenant(request), request.query),
  );

  app.get(
    EMPLOYEES_PATHS.legalEntities,
    { config: view, schema: { response: { 200: employeeLegalEntitiesResponseSchema, ...readErrors } } },
    async (request) => listLegalEntities(app.db, requireTenant(request)),
  );

  app.get(
    EMPLOYEES_PATHS.one,
    { config: view, schema: { params: employeeIdParamsSchema, response: { 200: employeeSchema, ...readErrors } } },
    async (request) => getEmployee(app.db, requireTenant(request), request.params.id),
  );

  app.post(
    EMPLOYEES_PATHS.list,
    { config: manage, schema: { body: addEmployeeBodySchema, response: { 201: employeeSchema, ...errorResponses(400, 401, 403, 404, 409) } } },
    async (request, reply) => reply.code(201).send(await addEmployee(app.db, requireTenant(request), request.body)),
  );

  app.put(
    EMPLOYEES_PATHS.one,
    {
      config: manage,
      schema: {
        params: employeeIdParamsSchema,
        body: updateEmployeeBodySchema,
        response: { 200: employeeSchema, ...errorResponses(400, 401, 403, 404, 409, 412) },
      },
    },
    async (request) => editEmployee(app.db, requireTenant(request), request.params.id, request.body),
  );

  app.delete(
    EMPLOYEES_PATHS.one,
    { config: manage, schema: { params: employeeIdParamsSchema, response: { 204: noContentSchema, ...readErrors } } },
    async (request, reply) => {
      await removeEmployee(app.db, requireTenant(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    EMPLOYEES_PATHS.types,
    { config: view, schema: { response: { 200: employeeTypesResponseSchema, ...readErrors } } },
    async (request) => listEmployeeTypes(app.db, requireTenant(request).organizationId),
  );

  app.post(
    EMPLOYEES_PATHS.types,
    { config: manageTypes, schema: { body: addEmployeeTypeBodySchema, response: { 201: employeeTypeSchema, ...errorResponses(400, 401, 403, 409) } } },
    async (request, reply) => reply.code(201).send(await addEmployeeType(app.db, requireTenant(request).organizationId, request.body.type)),
  );
};
