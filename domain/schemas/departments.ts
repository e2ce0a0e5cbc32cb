import { z } from 'zod';
import { optionalText, requiredText } from './common';

/** Longest department name and description (the columns of the departments table). */
export const DEPARTMENT_NAME_MAX_LENGTH = 50;
export const DEPARTMENT_DESCRIPTION_MAX_LENGTH = 500;

/** SPEC §3 department as the tree lists it: name, manager, description, superior, and who is in it. */
export interface DepartmentNode {
  ID: number;
  Name: string;
  /** The superior department, or null for a top-level one. */
  ParentID: number | null;
  /** The manager, a member of the organisation, or null. */
  ManagerID: number | null;
  ManagerName: string | null;
  Description: string;
  /** Members directly in this department (former members not counted). */
  MemberCount: number;
  Children: DepartmentNode[];
}

/** One department of GET /api/department/tree, with its sub-departments. */
export const departmentNodeSchema: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    ID: z.number(),
    Name: z.string(),
    ParentID: z.number().nullable(),
    ManagerID: z.number().nullable(),
    ManagerName: z.string().nullable(),
    Description: z.string(),
    MemberCount: z.number(),
    Children: z.array(departmentNodeSchema),
  }),
);

/** GET /api/department/tree: the organisation's top-level departments, each with its sub-departments. */
export const departmentTreeSchema = z.array(departmentNodeSchema);
export type DepartmentTree = z.infer<typeof departmentTreeSchema>;

const nameSchema = requiredText(DEPARTMENT_NAME_MAX_LENGTH);
const descriptionSchema = optionalText(DEPARTMENT_DESCRIPTION_MAX_LENGTH);

const idSchema = z.number().int().positive();

/** POST /api/department: a new department under ParentID (null: top level). */
export const departmentCreateSchema = z.object({
  Name: nameSchema,
  ParentID: idSchema.nullable().default(null),
  ManagerID: idSchema.nullable().default(null),
  Description: descriptionSchema.default(''),
});
export type DepartmentCreate = z.input<typeof departmentCreateSchema>;

/**
 * PUT /api/department/{id}: rename, move (a new ParentID), manager and description. Absent fields stay
 * as they are; ParentID null moves the department to the top level.
 */
export const departmentUpdateSchema = z.object({
  Name: nameSchema.optional(),
  ParentID: idSchema.nullable().optional(),
  ManagerID: idSchema.nullable().optional(),
  Description: descriptionSchema.optional(),
});
export type DepartmentUpdate = z.input<typeof departmentUpdateSchema>;

/** The answer of a create or update: the department's id. */
export const departmentIdSchema = z.object({ ID: z.number() });
