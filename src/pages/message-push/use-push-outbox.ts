import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import type { OutboxMessage } from '../../../domain/schemas/message-push-admin';
import type { outboxStatusSchema } from '../../../domain/schemas/message-push';
import { getPushOutbox } from '../../adapters/message-push-api';

type OutboxStatus = (typeof outboxStatusSchema.options)[number];

/**
 * Message push > recent messages: the organisation's outbox, newest first, a page at a time, optionally
 * one state (queued, sent, failed), read only. `append` pages add to the list (the phone's "load more").
 */
export function usePushOutbox(pageSize = DEFAULT_PAGE_SIZE) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [items, setItems] = useState<OutboxMessage[]>([]);
  const [total, setTotal] = useState(0);
  const [pageIndex, setPageIndex] = useState(1);
  const [filter, setFilter] = useState<OutboxStatus | undefined>(undefined);

  const load = useCallback(
    async (page: number, state: OutboxStatus | undefined, append = false) => {
      setStatus('loading');
      try {
        const answer = await getPushOutbox({ pageIndex: page, pageSize, status: state });
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

  useEffect(() => {
    let live = true;
    getPushOutbox({ pageIndex: 1, pageSize }).then(
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
  }, [pageSize]);

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
    goToPage: (page: number) => void load(page, filter),
    /** The next page added below the ones shown. */
    loadMore: () => void load(pageIndex + 1, filter, true),
    hasMore: pageIndex * pageSize < total,
    refresh: () => void load(1, filter),
  };
}
