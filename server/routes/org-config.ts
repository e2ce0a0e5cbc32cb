import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translate } from '../core/translate';
import {
  keysOfCategory,
  ORG_CONFIG_DEFINITIONS,
  type OrgConfigCategory,
  orgConfigCategoryOf,
} from '../../domain/rules/org-config';
import { envelopeSchema, withFailures } from '../../domain/schemas/common';
import {
  dictionaryQuerySchema,
  dictionarySchema,
  orgConfigCategoryParamsSchema,
  orgConfigCategoryRequestSchema,
  orgConfigCodesSchema,
  orgConfigListRequestSchema,
  orgConfigListSchema,
  orgConfigurationsSchema,
  orgConfigValueParamsSchema,
  orgConfigValueRequestSchema,
} from '../../domain/schemas/org-config';
import { ApiError } from '../core/errors';
import { ok } from '../plugins/envelope';
import { changeContextOf, type RequestSession, requireSession } from '../plugins/session';
import { systemDictionary } from '../../domain/rules/system-dictionary';
import { effectiveOrgConfig, listOrgConfig, saveOrgConfig } from '../services/org-config-service';
import type { RouteDeps } from './route-deps';

/** The category a path names, or 400 errors.orgConfig.unknownCategory. */
function categoryOf(name: string): OrgConfigCategory {
  const category = orgConfigCategoryOf(name);
  if (!category) throw new ApiError(400, 'errors.orgConfig.unknownCategory');
  return category;
}

/**
 * The organisation's configuration (SPEC §7 Settings), System settings > General: its administrators list
 * and save it by category or key (organizationConfig), members read the values in force
 * (configurations/{id}), what each key takes (systemCode/configurations/{id}) and the dictionary of named
 * values (SystemDictionary). The organisation is always the session's; the deployment's module switches
 * are the ceiling of the organisation's.
 */
export const orgConfigRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, now }) => {
  const admin = { access: 'admin', menu: 'systemSetting' } as const;
  const listResponse = { 200: envelopeSchema(orgConfigListSchema) };
  const changeFailures = [400, 401, 403, 404, 409, 413, 415, 500] as const;

  app.post(
    '/api/organizationConfig',
    {
      config: admin,
      schema: {
        body: orgConfigListRequestSchema,
        response: withFailures(listResponse, [400, 401, 403, 409, 413, 415, 500]),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const name = request.body.Category;
      const category = name === undefined || name === '' ? null : categoryOf(name);
      return ok({ Items: await listOrgConfig(db, config.modules, session.orgId, category) });
    },
  );

  /** Saves `values` (of `category`, when one is named) as the signed-in administrator. */
  const save = (
    session: RequestSession,
    values: Record<string, unknown>,
    category: OrgConfigCategory | null,
  ) => saveOrgConfig(changeContextOf(db, session, now()), { deployment: config.modules, values, category });

  app.put(
    '/api/organizationConfig/:ConfigValueID',
    {
      config: admin,
      schema: {
        params: orgConfigValueParamsSchema,
        body: orgConfigValueRequestSchema,
        response: withFailures(listResponse, changeFailures),
      },
    },
    async (request) => {
      const values = { [request.params.ConfigValueID]: request.body.Value };
      return ok({ Items: await save(requireSession(request), values, null) });
    },
  );

  app.post(
    '/api/organizationConfig/categoryList/:id',
    {
      config: admin,
      schema: {
        params: orgConfigCategoryParamsSchema,
        body: orgConfigCategoryRequestSchema,
        response: withFailures(listResponse, changeFailures),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok({ Items: await save(session, request.body.Values, categoryOf(request.params.id)) });
    },
  );

  app.post(
    '/api/configurations/:id',
    {
      schema: {
        params: orgConfigCategoryParamsSchema,
        response: withFailures(
          { 200: envelopeSchema(orgConfigurationsSchema) },
          [400, 401, 403, 409, 413, 415, 500],
        ),
      },
    },
    async (request) => {
      const session = requireSession(request);
      const category = categoryOf(request.params.id);
      const values = await effectiveOrgConfig(db, config.modules, session.orgId, category);
      return ok({ Category: category, Values: values });
    },
  );

  app.get(
    '/api/systemCode/configurations/:id',
    {
      schema: {
        params: orgConfigCategoryParamsSchema,
        response: withFailures({ 200: envelopeSchema(orgConfigCodesSchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const category = categoryOf(request.params.id);
      const items = keysOfCategory(category).map((key) => {
        const definition: (typeof ORG_CONFIG_DEFINITIONS)[typeof key] = ORG_CONFIG_DEFINITIONS[key];
        return {
          ConfigValueID: key,
          Type: definition.type,
          Default: definition.default,
          ...(definition.type === 'integer' ? { Min: definition.min, Max: definition.max } : {}),
          ...(definition.type === 'option' ? { Options: [...definition.options] } : {}),
        };
      });
      return ok({ Category: category, Items: items });
    },
  );

  app.get(
    '/api/SystemDictionary',
    {
      schema: {
        querystring: dictionaryQuerySchema,
        response: withFailures({ 200: envelopeSchema(dictionarySchema) }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const items = systemDictionary((key) => translate(request.language, key), request.query.RecordType);
      if (!items) throw new ApiError(400, 'errors.orgConfig.unknownRecordType');
      return ok({ Items: items });
    },
  );
};
