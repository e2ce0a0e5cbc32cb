import { useCallback, useEffect, useState } from 'react';
import type { OutboxMessage } from '../../../domain/schemas/message-push-admin';
import type { outboxStatusSchema } from '../../../domain/schemas/message-push';
import { getPushOutbox } from '../../adapters/message-push-api';
import { usePageSize } from '../table/use-page-size';

type OutboxStatus = (typeof outboxStatusSchema.options)[number];

/**
 * Message push > recent messages: the organisation's outbox, newest first, a page at a time, optionally
 * one state (queued, sent, failed), read only. `append` pages add to the list (the phone's "load more").
 */
export function usePushOutbox(fixedPageSize?: number) {
  // The size remembered for this table on this device, unless the caller fixes one.
  const [rememberedSize, rememberSize] = usePageSize('pushOutbox');
  const pageSize = fixedPageSize ?? rememberedSize;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [items, setItems] = useState<OutboxMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [filter, setFilter] = useState<OutboxStatus | undefined>(undefined);

  const load = useCallback(
    async (page: number, state: OutboxStatus | undefined, append = false, size = pageSize) => {
      setStatus('loading');
      try {
        const answer = await getPushOutbox({ pageIndex: page, pageSize: size, status: state });
        setItems((previous) => (append ? [...previous, ...answer.items] : answer.items));
        setTotal(answer.total);
        setPageIndex(page);
        setStatus('ready');
      } catch {
        setStatus('failed');
      }
    },
    [pageSize],
  );

  // The first page once, at the size shown first; later sizes load through goToPage.
  const [firstSize] = useState(pageSize);
  useEffect(() => {
    let live = true;
    getPushOutbox({ pageIndex: 1, pageSize: firstSize }).then(
      (answer) => {
        if (!live) return;
        setItems(answer.items);
        setTotal(answer.total);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [firstSize]);

  return {
    status,
    items,
    total,
    pageIndex,
    pageSize,
    filter,
    /** Shows only messages in one state (or all), from the first page. */
    setFilter: (state: OutboxStatus | undefined) => {
      setFilter(state);
      void load(1, state);
    },
    /** Goes to a page; a new page size (remembered for this table) starts again at page 1. */
    goToPage: (page: number, size = pageSize) => {
      if (size === pageSize) return void load(page, filter);
      rememberSize(size);
      void load(1, filter, false, size);
    },
    /** The next page added below the ones shown. */
    loadMore: () => void load(pageIndex + 1, filter, true),
    hasMore: pageIndex * pageSize < total,
    refresh: () => void load(1, filter),
  };
}
