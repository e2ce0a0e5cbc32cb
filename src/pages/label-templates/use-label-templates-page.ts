import { useEffect, useState } from 'react';
import type { LabelTemplateSummary } from '../../../domain/schemas/label-templates';
import {
  createLabelTemplate,
  deleteLabelTemplates,
  enableLabelTemplate,
  getLabelTemplate,
  labelTemplateNameExists,
  pageLabelTemplates,
} from '../../adapters/label-templates-api';
import { usePageSize } from '../table/use-page-size';

/**
 * The label template list's logic (/layout/tagsDesign): a searchable page of the organisation's templates
 * and the system ones, switching on and off, copying and deleting. System templates change in none of
 * these ways (the server refuses too).
 */
export function useLabelTemplatesPage() {
  const [pageSize, setPageSize] = usePageSize('labelTemplates');
  const [query, setQuery] = useState({ pageIndex: 1, pageSize, keyword: '' });
  const [rows, setRows] = useState<LabelTemplateSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);

  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    pageLabelTemplates(query).then(
      (page) => {
        if (!live) return;
        setRows(page.list);
        setTotal(page.total);
        setLoading(false);
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [query, version]);

  const reload = () => {
    setLoading(true);
    setVersion((v) => v + 1);
  };

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch {
      return false;
    } finally {
      reload();
    }
  };

  /** A copy of a template under `nameOf(n)`, the first such name free in the organisation. */
  const copy = (row: LabelTemplateSummary, nameOf: (n: number) => string) =>
    act(async () => {
      const source = await getLabelTemplate(row.ID);
      let n = 1;
      while (await labelTemplateNameExists(nameOf(n))) n += 1;
      const { Type, Width, Height, Components } = source;
      await createLabelTemplate({ Name: nameOf(n), Type, Width, Height, Components });
    });

  return {
    rows,
    total,
    loading,
    query,
    search: (keyword: string) => {
      setLoading(true);
      setQuery((q) => ({ ...q, keyword, pageIndex: 1 }));
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    setPage: (pageIndex: number, size: number) => {
      setLoading(true);
      if (size !== query.pageSize) setPageSize(size);
      setQuery((q) => ({ ...q, pageIndex: size === q.pageSize ? pageIndex : 1, pageSize: size }));
    },
    setEnabled: (row: LabelTemplateSummary, enabled: boolean) =>
      act(() => enableLabelTemplate(row.ID, enabled)),
    remove: (ids: string[]) => act(() => deleteLabelTemplates(ids)),
    copy,
  };
}
