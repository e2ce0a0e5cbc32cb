import { z } from 'zod';
import {
  BARCODE_TYPES,
  LABEL_COMPONENT_KINDS,
  LABEL_LIMITS,
  LABEL_TEMPLATE_TYPES,
  QR_ERROR_CORRECTIONS,
  TEXT_ALIGNS,
  TEXT_POSITIONS,
} from '../labels/label-limits';

const { textMaxLength, sizeMax, lineWidth, fontSize, paddingMax } = LABEL_LIMITS;

/** True when a number has at most two decimals (sizes are typed as 12.5 or 12.25 mm, SPEC §5). */
export const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A length in mm: zero or more, at most two decimals. */
const millimetres = (max: number) =>
  z
    .number()
    .min(0, 'errors.labels.sizeInvalid')
    .max(max, 'errors.labels.sizeInvalid')
    .refine(hasTwoDecimalsAtMost, 'errors.labels.sizeInvalid');

/** Label text: under 50 characters (SPEC §9). */
const labelText = z.string().max(textMaxLength, 'errors.labels.textTooLong');

/**
 * One component of a label, positions and sizes in mm from the label's top-left corner. `Key` binds it to a
 * field of the product's data record; `Value` is what it shows when the record has no such field (and in
 * the designer). The attributes that do not apply to a kind are ignored.
 */
export const labelComponentSchema = z.object({
  Key: z.string().trim().min(1, 'errors.labels.keyRequired').max(textMaxLength, 'errors.labels.textTooLong'),
  Kind: z.enum(LABEL_COMPONENT_KINDS),
  X: millimetres(sizeMax),
  Y: millimetres(sizeMax),
  Width: millimetres(sizeMax),
  Height: millimetres(sizeMax),
  Index: z.number().int().min(0).max(1000).optional(),
  Value: labelText.optional(),
  BarcodeType: z.enum(BARCODE_TYPES).optional(),
  TextPosition: z.enum(TEXT_POSITIONS).optional(),
  ErrorCorrection: z.enum(QR_ERROR_CORRECTIONS).optional(),
  FontSize: z.number().min(fontSize.min).max(fontSize.max).optional(),
  Bold: z.boolean().optional(),
  Align: z.enum(TEXT_ALIGNS).optional(),
  Wrap: z.boolean().optional(),
  Padding: z.number().min(0).max(paddingMax).optional(),
  LineWidth: z
    .number()
    .min(lineWidth.min, 'errors.labels.lineWidth')
    .max(lineWidth.max, 'errors.labels.lineWidth')
    .optional(),
  LogoId: z.string().max(64).optional(),
});
export type LabelComponent = z.infer<typeof labelComponentSchema>;

/** A positive label edge in mm with at most two decimals. */
const labelEdge = millimetres(sizeMax).refine((value) => value > 0, 'errors.labels.sizeInvalid');

/** What an administrator saves (POST /api/LabelTemplate, PUT /api/LabelTemplate/{id}). */
export const labelTemplateInputSchema = z.object({
  Name: z
    .string()
    .trim()
    .min(1, 'errors.labels.nameRequired')
    .max(textMaxLength, 'errors.labels.textTooLong'),
  Type: z.enum(LABEL_TEMPLATE_TYPES),
  Width: labelEdge,
  Height: labelEdge,
  Components: z.array(labelComponentSchema).max(LABEL_LIMITS.componentsMax, 'errors.labels.tooLarge'),
});
export type LabelTemplateInput = z.infer<typeof labelTemplateInputSchema>;

/** A stored template (contract of issue #20). */
export const labelTemplateSchema = labelTemplateInputSchema.extend({
  ID: z.string(),
  Enabled: z.boolean(),
  IsSystem: z.boolean(),
  CreatorName: z.string(),
  CreatedTime: z.string(),
});
export type LabelTemplate = z.infer<typeof labelTemplateSchema>;

/** A row of the list: the template without its components. */
export const labelTemplateSummarySchema = labelTemplateSchema.omit({ Components: true });
export type LabelTemplateSummary = z.infer<typeof labelTemplateSummarySchema>;

/** Body of POST /api/LabelTemplate/Page. */
export const labelTemplatePageQuerySchema = z.object({
  pageIndex: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: z.string().max(textMaxLength).optional(),
});
export const labelTemplatePageSchema = z.object({
  list: z.array(labelTemplateSummarySchema),
  total: z.number().int(),
});
export type LabelTemplatePage = z.infer<typeof labelTemplatePageSchema>;

/** Body of POST /api/LabelTemplate/Query: the enabled templates a product may print with. */
export const labelTemplateQuerySchema = z.object({
  type: z.enum(LABEL_TEMPLATE_TYPES).optional(),
  enabled: z.boolean().optional(),
});

/** GET /api/CheckLabelTemplateName?name=&id= (id: the template being edited, not counted). */
export const labelTemplateNameQuerySchema = z.object({
  name: z.string().max(200),
  id: z.string().max(64).optional(),
});
export const labelTemplateNameAnswerSchema = z.object({ exists: z.boolean() });

/** Body of POST /api/EnableLabelTemplate. */
export const labelTemplateEnableSchema = z.object({ id: z.string().min(1).max(64), enabled: z.boolean() });
/** Body of POST /api/LabelTemplate/delete. */
export const labelTemplateDeleteSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(100),
});

/** A data record for printing: component Key -> value. */
export const labelRecordSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type LabelRecord = z.infer<typeof labelRecordSchema>;
/** Body of POST /api/LabelTemplate/{id}/render and its answer: one SVG per record. */
export const labelRenderBodySchema = z.object({ records: z.array(labelRecordSchema).min(1).max(1000) });
export const labelRenderAnswerSchema = z.object({ svgs: z.array(z.string()) });

/** A label icon as stored: id and the image as a data: URL (sanitised when SVG). */
export const labelLogoSchema = z.object({ id: z.string(), dataUrl: z.string() });
export type LabelLogo = z.infer<typeof labelLogoSchema>;

/** GET /api/LabelTemplate/{id}: the template with the icons its image components draw, by id. */
export const labelTemplateDetailSchema = labelTemplateSchema.extend({
  Logos: z.record(z.string(), z.string()),
});
export type LabelTemplateDetail = z.infer<typeof labelTemplateDetailSchema>;
