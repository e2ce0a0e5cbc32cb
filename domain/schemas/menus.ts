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
