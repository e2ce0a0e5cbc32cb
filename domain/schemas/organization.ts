import { z } from 'zod';
import { optionalText, requiredText } from './common';

export const ORG_NAME_MAX_LENGTH = 100;
export const ORG_INDUSTRY_MAX_LENGTH = 100;
export const ORG_CONTACT_MAX_LENGTH = 200;

/** SPEC §3 organisation, as GET /api/organization/my answers it; Logo is a URL ('' without one). */
export const organizationSchema = z.object({
  ID: z.number(),
  OrgName: z.string(),
  Logo: z.string(),
  Industry: z.string(),
  Contact: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** PUT /api/organization/{ID}: the organisation's name, industry and contact; absent fields stay. */
export const organizationUpdateSchema = z.object({
  OrgName: requiredText(ORG_NAME_MAX_LENGTH).optional(),
  Industry: optionalText(ORG_INDUSTRY_MAX_LENGTH).optional(),
  Contact: optionalText(ORG_CONTACT_MAX_LENGTH).optional(),
});
export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;

/** GET /api/organization/platformInfo: the deployment the organisation lives on, and its size. */
export const platformInfoSchema = z.object({
  Version: z.string(),
  /** cloud, project, beta or vCloud (SPEC §3 deployment environments). */
  Deployment: z.string(),
  CreatedAt: z.number(),
  MemberCount: z.number(),
  AdminCount: z.number(),
  DepartmentCount: z.number(),
});
export type PlatformInfo = z.infer<typeof platformInfoSchema>;

/** One product of GET /api/organization/authorizeInfo: licensed to the organisation or not, and its users. */
export const organizationProductSchema = z.object({
  ID: z.number(),
  Code: z.string(),
  PlatformName: z.string(),
  Introduction: z.string(),
  IsAuthorized: z.boolean(),
  /** When the operator licensed it, or null. */
  GrantedAt: z.number().nullable(),
  /** Members the administrator has granted it to. */
  AccountCount: z.number(),
});
export type OrganizationProduct = z.infer<typeof organizationProductSchema>;
export const organizationAuthorizeInfoSchema = z.array(organizationProductSchema);
