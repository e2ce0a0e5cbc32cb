import { z } from 'zod';

/** SPEC §3 menu tree item, as GET /api/Menu/user/tree returns it. */
export interface MenuTreeItem {
  Code: string;
  Name: string;
  HasAuth: boolean;
  Children: MenuTreeItem[];
}

export const menuTreeItemSchema: z.ZodType<MenuTreeItem> = z.lazy(() =>
  z.object({
    Code: z.string(),
    Name: z.string(),
    HasAuth: z.boolean(),
    Children: z.array(menuTreeItemSchema),
  }),
);
export const menuTreeSchema = z.array(menuTreeItemSchema);

/** The two role types of menu access: administrators and ordinary members. */
export const menuRoleSchema = z.enum(['admin', 'member']);

/** GET /api/Menu/tree: the menus a role type may be given, with HasAuth for the role or for one member. */
export const menuTreeQuerySchema = z.object({
  roleType: menuRoleSchema,
  accountId: z.coerce.number().int().positive().optional(),
});
export type MenuTreeQuery = z.input<typeof menuTreeQuerySchema>;

export const menuAccessTreeSchema = z.object({
  Tree: menuTreeSchema,
  /** The member has their own setting (over the role's); always false for a role. */
  Custom: z.boolean(),
  /** Codes that cannot be hidden. */
  AlwaysOn: z.array(z.string()),
});
export type MenuAccessTree = z.infer<typeof menuAccessTreeSchema>;

/** GET /api/Menu/users: a page of the role type's members and whether each may open `menuId`. */
export const menuUsersQuerySchema = z.object({
  roleType: menuRoleSchema,
  menuId: z.string().max(32).optional(),
  keyword: z.string().max(100, 'errors.validation.tooLong').optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type MenuUsersQuery = z.input<typeof menuUsersQuerySchema>;

export const menuUserSchema = z.object({
  ID: z.number(),
  RealName: z.string(),
  Account: z.string(),
  /** Whether the member may open menuId (true when none was asked). */
  HasAuth: z.boolean(),
  Custom: z.boolean(),
});
export type MenuUser = z.infer<typeof menuUserSchema>;
export const menuUsersSchema = z.object({ total: z.number(), rows: z.array(menuUserSchema) });
export type MenuUsers = z.infer<typeof menuUsersSchema>;

/**
 * POST /api/Menu/user/save: the codes visible to a role type (no AccountIDs), or to the picked members of
 * it (their own setting); Inherit puts the picked members back on their role's menus.
 */
export const menuSaveSchema = z.object({
  RoleType: menuRoleSchema,
  Codes: z.array(z.string().max(32)).max(100),
  AccountIDs: z.array(z.number().int().positive()).max(100, 'errors.authorize.tooMany').optional(),
  Inherit: z.boolean().default(false),
});
export type MenuSave = z.input<typeof menuSaveSchema>;
