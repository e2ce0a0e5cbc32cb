import type { Kysely } from 'kysely';
import { checkWatermarkImage, watermarkLines, watermarkTime } from '../../domain/rules/watermark';
import type { WatermarkSetting } from '../../domain/schemas/watermark';
import type { Database } from '../db/tables';
import { readRepositories, withTransaction } from '../repositories';
import type { StoredWatermark } from '../repositories/watermark-repository';
import type {} from '../core/operator';
import {
  type LogMessage,
  logDetails,
  logEnabled,
  logField,
  logLabel,
  logList,
  logMessage,
  logYesNo,
} from '../../domain/rules/operation-log-content';
import type { OrgChangeContext } from './service-context';

/** A watermark that cannot be saved: the i18n key and the HTTP status it answers with. */
export class WatermarkError extends Error {
  constructor(
    readonly key:
      'errors.watermark.imageType' | 'errors.watermark.imageTooLarge' | 'errors.watermark.notFound',
    readonly status: 400 | 404 | 413 | 415,
  ) {
    super(key);
    this.name = 'WatermarkError';
  }
}

const DATA_URL = /^data:image\/(?:png|jpe?g);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * Checks a picture given as a data: URL by its decoded bytes (a png or jpeg within 50KB) and returns it
 * relabelled with its real type; '' (no picture) passes. Throws WatermarkError otherwise.
 */
export function normaliseWatermarkImage(image: string): string {
  if (image === '') return '';
  const match = DATA_URL.exec(image);
  if (!match?.[1]) throw new WatermarkError('errors.watermark.imageType', 415);
  const bytes = Buffer.from(match[1], 'base64');
  const check = checkWatermarkImage(bytes);
  if (!check.ok) {
    const tooLarge = check.problem === 'errors.watermark.imageTooLarge';
    throw new WatermarkError(check.problem, tooLarge ? 413 : 415);
  }
  return `data:${check.contentType};base64,${bytes.toString('base64')}`;
}

/** The watermark's settings as the operation log shows them, options named as the screen names them. */
function describe(watermark: StoredWatermark): LogMessage {
  const s = watermark.settings;
  return logMessage('operationLog.content.watermarkSet', {
    details: logDetails([
      logField('operationLog.words.status', logEnabled(watermark.enabled)),
      logField(
        'operationLog.words.contents',
        logList(
          s.Contents.map((content) => logLabel(`watermark.contents.${content}`)),
          'operationLog.words.none',
        ),
      ),
      logField('operationLog.words.text', JSON.stringify(s.Text)),
      logField('operationLog.words.wrap', logYesNo(s.Wrap)),
      logField('operationLog.words.picture', logYesNo(Boolean(s.Image))),
      logField('operationLog.words.density', logLabel(`watermark.densities.${s.Density}`)),
      logField('operationLog.words.size', s.Size),
      logField('operationLog.words.depth', `${s.Depth}%`),
      logField('operationLog.words.display', logLabel(`watermark.displayTypes.${s.DisplayType}`)),
      logField('operationLog.words.products', logList(s.Products, 'operationLog.words.allProducts')),
    ]),
  });
}

/**
 * Changes an organisation's watermark (its settings, its switch, or both), with the operation-log row in
 * the same transaction. The picture is checked by content first; nothing is saved when it is refused.
 */
export async function updateWatermark(
  context: OrgChangeContext,
  changes: { settings?: WatermarkSetting; enabled?: boolean },
): Promise<StoredWatermark> {
  const { db, orgId, operator, now } = context;
  const image = changes.settings ? normaliseWatermarkImage(changes.settings.Image) : undefined;
  return withTransaction(db, async (repos) => {
    if (!(await repos.organizations.findById(orgId)))
      throw new WatermarkError('errors.watermark.notFound', 404);
    const current = await repos.watermark.find(orgId);
    const next: StoredWatermark = {
      enabled: changes.enabled ?? current.enabled,
      settings: changes.settings ? { ...changes.settings, Image: image ?? '' } : current.settings,
    };
    await repos.watermark.save(orgId, next, now);
    await repos.operationLogs.insert({
      orgId,
      operatorId: operator.id,
      operatorName: operator.name,
      // Filed under the screen that makes the change: a tab of System settings.
      module: 'systemSetting',
      content: describe(next),
      now,
    });
    return next;
  });
}

/** The organisation's watermark as its administrator set it. */
export function watermarkSetting(db: Kysely<Database>, orgId: number): Promise<StoredWatermark> {
  return readRepositories(db).watermark.find(orgId);
}

/**
 * The watermark a member's screen draws now (Watermark/Config): the organisation's setting, whether it
 * applies to `product` (no product, or no product list, is every product), its lines filled in for the
 * member and the time, and the organisation's logo when the contents ask for it.
 */
export async function memberWatermark(
  db: Kysely<Database>,
  member: {
    orgId: number;
    account: { real_name: string; email: string | null; mobile: string | null; org_name: string };
  },
  product: string | undefined,
  now: number,
) {
  const repos = readRepositories(db);
  const { enabled, settings } = await repos.watermark.find(member.orgId);
  const { account } = member;
  const inScope = !product || settings.Products.length === 0 || settings.Products.includes(product);
  const organization = await repos.organizations.findById(member.orgId);
  const withLogo = settings.Contents.includes('logo') && Boolean(organization?.logo);
  return {
    ...settings,
    Enabled: enabled,
    Applies: enabled && inScope,
    Lines: watermarkLines(
      { contents: settings.Contents, text: settings.Text, wrap: settings.Wrap },
      {
        realName: account.real_name,
        email: account.email,
        mobile: account.mobile,
        organization: account.org_name,
      },
      watermarkTime(now),
    ),
    LogoUrl: withLogo ? (organization?.logo ?? '') : '',
  };
}
