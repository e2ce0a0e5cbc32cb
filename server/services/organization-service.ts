import type { Kysely } from 'kysely';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_LABEL,
  LOGO_TYPES_LABEL,
  logoContentType,
} from '../../domain/rules/organization-logo';
import { type OrganizationUpdate, organizationUpdateSchema } from '../../domain/schemas/organization';
import type { Database } from '../db/tables';
import { ApiError } from '../core/errors';
import { readRepositories, withTransaction } from '../repositories';
import type {} from '../core/operator';
import { logDetails, logField, logMessage } from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** The operation log's module of organisation-info changes: the screen's menu code. */
const MODULE = 'orgInfo';

/** Where the screen loads the logo from; the version makes a new upload bypass the browser's cache. */
export function logoUrl(updatedAt: number): string {
  return `/api/organization/logo?v=${updatedAt}`;
}

/**
 * Sets an organisation's name, industry and contact (absent fields stay), with the operation-log row in
 * the same transaction. Throws 404 for an organisation that does not exist.
 */
export async function updateOrganization(
  context: OrgChangeContext,
  input: OrganizationUpdate,
): Promise<void> {
  const { db, orgId, operator, now } = context;
  const body = organizationUpdateSchema.parse(input);
  await withTransaction(db, async (repos) => {
    const organization = await repos.organizations.findById(orgId);
    if (!organization) throw new ApiError(404, 'errors.organization.notFound');
    await repos.organizations.updateInfo(orgId, {
      name: body.OrgName,
      industry: body.Industry,
      contact: body.Contact,
    });
    const changed = logDetails([
      body.OrgName !== undefined &&
        body.OrgName !== organization.name &&
        logField('operationLog.words.name', body.OrgName),
      body.Industry !== undefined &&
        body.Industry !== organization.industry &&
        logField('operationLog.words.industry', body.Industry),
      body.Contact !== undefined &&
        body.Contact !== organization.contact &&
        logMessage('operationLog.words.contactChanged'),
    ]);
    changed.empty = 'operationLog.words.nothing';
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage('operationLog.content.orgInfoChanged', { changes: changed }),
      now,
    });
  });
}

/**
 * Stores a new logo after checking it by content: png or jpeg magic bytes (a renamed file is refused
 * with errors.organization.logoFormat, 415) and at most LOGO_MAX_BYTES (413). Returns its URL.
 */
export async function saveOrganizationLogo(context: OrgChangeContext, bytes: Buffer): Promise<string> {
  const { db, orgId, operator, now } = context;
  if (bytes.length === 0) throw new ApiError(400, 'errors.organization.logoMissing');
  if (bytes.length > LOGO_MAX_BYTES) {
    throw new ApiError(413, 'errors.organization.logoTooLarge', { max: LOGO_MAX_LABEL });
  }
  const contentType = logoContentType(bytes);
  if (!contentType) throw new ApiError(415, 'errors.organization.logoFormat', { types: LOGO_TYPES_LABEL });
  const url = logoUrl(now);
  await withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) throw new ApiError(404, 'errors.organization.notFound');
    await repos.organizations.saveLogo(orgId, contentType, bytes, now);
    await repos.organizations.updateInfo(orgId, { logo: url });
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      module: MODULE,
      content: logMessage('operationLog.content.logoUploaded', { type: contentType, bytes: bytes.length }),
      now,
    });
  });
  return url;
}

/**
 * Grants (true) or withdraws (false) the organisation's authorisation for open capability (SPEC §6), with an
 * operation-log row when it changes; `wanted` undefined only reads it. Answers the authorisation in force,
 * or null for an unknown organisation (nothing written).
 */
export async function authorizeOpenness(
  context: OrgChangeContext,
  wanted: boolean | undefined,
): Promise<boolean | null> {
  const { db, orgId, operator, now } = context;
  return withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId))) return null;
    const before = await repos.organizations.opennessAuthorized(orgId);
    const after = wanted ?? before;
    if (after !== before) {
      await repos.organizations.setOpennessAuthorized(orgId, after);
      await repos.operationLogs.insert({
        orgId,
        operatorId: operator.id,
        operatorName: operator.name,
        module: 'openness',
        content: logMessage(
          after ? 'operationLog.content.opennessGranted' : 'operationLog.content.opennessWithdrawn',
        ),
        now,
      });
    }
    return after;
  });
}

/** The organisation's row; 404 errors.organization.notFound when there is none. */
export async function organizationOf(db: Kysely<Database>, orgId: number) {
  const organization = await readRepositories(db).organizations.findById(orgId);
  if (!organization) throw new ApiError(404, 'errors.organization.notFound');
  return organization;
}

/** The organisation's row with how many members, administrators and departments it has; 404 as above. */
export async function organizationFigures(db: Kysely<Database>, orgId: number) {
  const repos = readRepositories(db);
  const [organization, counts] = await Promise.all([
    repos.organizations.findById(orgId),
    repos.organizations.counts(orgId),
  ]);
  if (!organization) throw new ApiError(404, 'errors.organization.notFound');
  return { organization, counts };
}

/** Every product with whether the organisation is licensed for it, since when, and how many hold it. */
export function organizationProducts(db: Kysely<Database>, orgId: number) {
  return readRepositories(db).organizations.listProducts(orgId);
}

/** The organisation's logo picture; 404 errors.organization.notFound when it has none. */
export async function organizationLogo(db: Kysely<Database>, orgId: number) {
  const logo = await readRepositories(db).organizations.findLogo(orgId);
  if (!logo) throw new ApiError(404, 'errors.organization.notFound');
  return logo;
}
