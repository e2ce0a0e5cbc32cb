import { z } from 'zod';
import type { ErrorKey, MessageParams } from '../i18n';
import {
  ORG_CONFIG_CATEGORIES,
  ORG_CONFIG_DEFINITIONS,
  type OrgConfigKey,
  type OrgConfigValue,
} from '../rules/org-config';

/** Longest key or category name accepted in a path or body (the longest known is 21 characters). */
const NAME_MAX_LENGTH = 64;
/** Most values one category save may carry (a category has a handful of keys). */
const VALUES_MAX = 20;

/** A value as it travels: a switch, a whole number or an option's name; which one each key takes is checked per key. */
export const orgConfigValueSchema = z.union([z.boolean(), z.number(), z.string().max(NAME_MAX_LENGTH)], {
  error: 'errors.orgConfig.invalidValue',
});

const categorySchema = z.enum(ORG_CONFIG_CATEGORIES);
const typeSchema = z.enum(['boolean', 'integer', 'option']);

/** One setting of the organisation as the General tab shows it. */
export const orgConfigItemSchema = z.object({
  /** The setting's key (`appDownload`, `lockIdleMinutes`, ...): PUT organizationConfig/{ConfigValueID}. */
  ConfigValueID: z.string(),
  Category: categorySchema,
  Type: typeSchema,
  Value: orgConfigValueSchema,
  Default: orgConfigValueSchema,
  Min: z.number().optional(),
  Max: z.number().optional(),
  Options: z.array(z.string()).optional(),
  /** False when the deployment has this module off: the organisation cannot turn it on. */
  Available: z.boolean(),
  /** When an administrator or operator last saved it, or null while it is the default. */
  UpdatedAt: z.number().nullable(),
});
export type OrgConfigItem = z.infer<typeof orgConfigItemSchema>;

/** POST /api/organizationConfig: one category's settings, or every setting without one. */
export const orgConfigListRequestSchema = z.object({
  Category: z.string().max(NAME_MAX_LENGTH, 'errors.orgConfig.unknownCategory').optional(),
});
export type OrgConfigListRequest = z.infer<typeof orgConfigListRequestSchema>;

/** The settings of a list or a save, in catalogue order. */
export const orgConfigListSchema = z.object({ Items: z.array(orgConfigItemSchema) });
export type OrgConfigList = z.infer<typeof orgConfigListSchema>;

/** PUT /api/organizationConfig/{ConfigValueID}. */
export const orgConfigValueParamsSchema = z.object({
  ConfigValueID: z.string().max(NAME_MAX_LENGTH, 'errors.orgConfig.unknownKey'),
});
export const orgConfigValueRequestSchema = z.object({ Value: orgConfigValueSchema });
export type OrgConfigValueRequest = z.infer<typeof orgConfigValueRequestSchema>;

/** The category of organizationConfig/categoryList/{id}, configurations/{id} and systemCode/configurations/{id}. */
export const orgConfigCategoryParamsSchema = z.object({
  id: z.string().max(NAME_MAX_LENGTH, 'errors.orgConfig.unknownCategory'),
});

/** POST /api/organizationConfig/categoryList/{id}: the category's settings saved together (those absent stay). */
export const orgConfigCategoryRequestSchema = z.object({
  Values: z
    .record(z.string().max(NAME_MAX_LENGTH, 'errors.orgConfig.unknownKey'), orgConfigValueSchema)
    .refine((values) => Object.keys(values).length <= VALUES_MAX, 'errors.orgConfig.unknownKey'),
});
export type OrgConfigCategoryRequest = z.infer<typeof orgConfigCategoryRequestSchema>;

/** POST /api/configurations/{id}: the values in force for the signed-in member's organisation. */
export const orgConfigurationsSchema = z.object({
  Category: categorySchema,
  Values: z.record(z.string(), orgConfigValueSchema),
});
export type OrgConfigurations = z.infer<typeof orgConfigurationsSchema>;

/** GET /api/systemCode/configurations/{id}: what each setting of a category takes. */
export const orgConfigCodesSchema = z.object({
  Category: categorySchema,
  Items: z.array(
    orgConfigItemSchema.pick({
      ConfigValueID: true,
      Type: true,
      Default: true,
      Min: true,
      Max: true,
      Options: true,
    }),
  ),
});
export type OrgConfigCodes = z.infer<typeof orgConfigCodesSchema>;

/** SPEC §3 dictionary item: a named value of a record type. */
export const dictionaryItemSchema = z.object({ Name: z.string(), Value: z.string(), RecordType: z.string() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

/** GET /api/SystemDictionary: every item, or one record type's. */
export const dictionaryQuerySchema = z.object({
  RecordType: z.string().max(NAME_MAX_LENGTH, 'errors.orgConfig.unknownRecordType').optional(),
});
export const dictionarySchema = z.object({ Items: z.array(dictionaryItemSchema) });
export type Dictionary = z.infer<typeof dictionarySchema>;

/**
 * What the session info tells the client of the member's organisation: the module switches in force (the
 * deployment's and the organisation's both on) and the screen lock's idle minutes (0: never).
 */
export const orgSessionSettingsSchema = z.object({
  modules: z.object({ reset: z.boolean(), appDownload: z.boolean() }),
  lockIdleMinutes: z.number().int().min(0),
});
export type OrgSessionSettings = z.infer<typeof orgSessionSettingsSchema>;

/** A value a key refused, with the key of its message and what the message needs. */
export interface OrgConfigProblem {
  key: ErrorKey;
  params: MessageParams;
}

/** The schema of one key's value: the type it takes and its bounds or choices. */
export function valueSchemaOf(key: OrgConfigKey) {
  const definition: (typeof ORG_CONFIG_DEFINITIONS)[OrgConfigKey] = ORG_CONFIG_DEFINITIONS[key];
  switch (definition.type) {
    case 'boolean':
      return z.boolean({ error: 'errors.orgConfig.notSwitch' });
    case 'integer':
      return z
        .number({ error: 'errors.orgConfig.range' })
        .int('errors.orgConfig.range')
        .min(definition.min, 'errors.orgConfig.range')
        .max(definition.max, 'errors.orgConfig.range');
    case 'option':
      return z.enum(definition.options, { error: 'errors.orgConfig.option' });
  }
}

/** A key's value checked against its schema: the value, or the problem with the field named. */
export function checkOrgConfigValue(
  key: OrgConfigKey,
  value: unknown,
): { value: OrgConfigValue } | { problem: OrgConfigProblem } {
  const parsed = valueSchemaOf(key).safeParse(value);
  if (parsed.success) return { value: parsed.data };
  const definition: (typeof ORG_CONFIG_DEFINITIONS)[OrgConfigKey] = ORG_CONFIG_DEFINITIONS[key];
  const params: MessageParams = { field: key };
  if (definition.type === 'integer') Object.assign(params, { min: definition.min, max: definition.max });
  if (definition.type === 'option') params.options = definition.options.join(', ');
  return { problem: { key: parsed.error.issues[0]?.message as ErrorKey, params } };
}
