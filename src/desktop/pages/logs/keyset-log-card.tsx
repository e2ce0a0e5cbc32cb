import { Button, Card, DatePicker, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '../../../pages/table/use-page-size';

/** A period of time a log's filters cover: one of the page's preset ranges, or a chosen window of days. */
interface PeriodDraft<Range extends string> {
  range: Range;
  window: { from: number; to: number } | null;
}

/** What the frame reads of a log page's state (see useKeysetLog). */
export interface KeysetLogFrameState<Range extends string> {
  draft: PeriodDraft<Range>;
  ranges: readonly Range[];
  edit: (change: Partial<PeriodDraft<Range>>) => void;
  search: () => void;
  reset: () => void;
  exporting: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  previousPage: () => void;
  nextPage: () => void;
  pageNumber: number;
  pageSize: number;
  choosePageSize: (size: number) => void;
}

/** The frame's words, already translated by the page. */
export interface KeysetLogLabels<Range extends string> {
  title: string;
  subtitle: string;
  export: string;
  range: string;
  rangeName: (range: Range) => string;
  search: string;
  reset: string;
  previous: string;
  next: string;
  page: string;
  /** One page size option's words ('20 / page'). */
  perPage: (size: number) => string;
}

/**
 * The administrators' logs on desktop (operation log, organisation login log): a card with the export,
 * the period (a preset range or a window of days) before the page's own filters, Search and Reset, the
 * page's table, and Previous / Next by keyset. `testId` names the card; `testIdPrefix` its controls.
 */
export function KeysetLogCard<Range extends string>({
  state,
  labels,
  testId,
  testIdPrefix,
  onExport,
  filters,
  children,
}: {
  state: KeysetLogFrameState<Range>;
  labels: KeysetLogLabels<Range>;
  testId: string;
  testIdPrefix: string;
  onExport: () => void;
  /** The page's own filters, between the period and Search. */
  filters: ReactNode;
  /** The table. */
  children: ReactNode;
}) {
  const { draft } = state;
  return (
    <Card
      variant="borderless"
      title={labels.title}
      extra={
        <Button data-testid={`${testIdPrefix}-export`} loading={state.exporting} onClick={onExport}>
          {labels.export}
        </Button>
      }
      data-testid={testId}
    >
      <Typography.Paragraph type="secondary">{labels.subtitle}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          style={{ width: 140 }}
          value={draft.window ? undefined : draft.range}
          placeholder={labels.range}
          onChange={(range: Range) => state.edit({ range, window: null })}
          options={state.ranges.map((range) => ({ value: range, label: labels.rangeName(range) }))}
        />
        <DatePicker.RangePicker
          value={draft.window ? [dayjs(draft.window.from), dayjs(draft.window.to)] : null}
          onChange={(dates) =>
            state.edit({
              window:
                dates?.[0] && dates[1]
                  ? { from: dates[0].startOf('day').valueOf(), to: dates[1].endOf('day').valueOf() }
                  : null,
            })
          }
        />
        {filters}
        <Button type="primary" data-testid={`${testIdPrefix}-search`} onClick={state.search}>
          {labels.search}
        </Button>
        <Button data-testid={`${testIdPrefix}-reset`} onClick={state.reset}>
          {labels.reset}
        </Button>
      </Space>
      {children}
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          disabled={!state.hasPrevious}
          onClick={state.previousPage}
          data-testid={`${testIdPrefix}-previous`}
        >
          {labels.previous}
        </Button>
        <Typography.Text type="secondary">{labels.page}</Typography.Text>
        <Button disabled={!state.hasNext} onClick={state.nextPage} data-testid={`${testIdPrefix}-next`}>
          {labels.next}
        </Button>
        {/* 10/20/50/100, remembered for this table (issue 23); a new size starts again at page 1. */}
        <Select
          value={state.pageSize}
          onChange={state.choosePageSize}
          options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: labels.perPage(size) }))}
          data-testid={`${testIdPrefix}-page-size`}
        />
      </Space>
    </Card>
  );
}
