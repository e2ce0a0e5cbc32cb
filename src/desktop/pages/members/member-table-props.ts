import type { TableProps } from 'antd';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';

/** A page of members as the Members and Former members screens' hooks hold it. */
interface PickedMemberPage<Row> {
  rows: Row[];
  status: string;
  selected: number[];
  setSelected: (ids: number[]) => void;
  pageIndex: number;
  pageSize: number;
  total: number;
  goToPage: (pageIndex: number, pageSize: number) => void;
}

/**
 * What the Members and Former members tables share: rows picked by ID, a page size remembered for the table
 * (10/20/50/100, issue 23), the loading and failure states, and each row's test id.
 */
export function memberTableProps<Row extends { ID: number }>(
  page: PickedMemberPage<Row>,
  texts: { empty: string; failed: string; total: (total: number) => string; rowTestId: string },
): TableProps<Row> {
  return {
    className: 'members-table',
    rowKey: 'ID',
    size: 'middle',
    dataSource: page.rows,
    loading: page.status === 'loading',
    rowSelection: {
      selectedRowKeys: page.selected,
      onChange: (keys) => page.setSelected(keys.map(Number)),
    },
    locale: { emptyText: page.status === 'failed' ? texts.failed : texts.empty },
    onRow: (row) => ({ 'data-testid': `${texts.rowTestId}-${row.ID}` }) as object,
    pagination: {
      current: page.pageIndex,
      pageSize: page.pageSize,
      total: page.total,
      showSizeChanger: true,
      pageSizeOptions: [...PAGE_SIZE_OPTIONS],
      showTotal: texts.total,
      onChange: page.goToPage,
    },
  };
}
