import { useEffect, useState } from 'react';
import type { DisplayProduct } from '../../../domain/schemas/authorisation';
import { getDisplaySettings, saveDisplaySettings } from '../../adapters/authorisation-api';
import { type ActionResult, attempt } from './action-result';

/** Display settings tab: every product, licensed or not, with a switch for members' card homes, and Save. */
export function useDisplaySettings() {
  const [products, setProducts] = useState<DisplayProduct[]>([]);
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    getDisplaySettings().then(
      (list) => {
        if (!live) return;
        setProducts(list);
        setShown(new Set(list.filter((product) => product.Shown).map((product) => product.Code)));
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = (code: string, on: boolean) =>
    setShown((previous) => {
      const next = new Set(previous);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });

  const save = async (): Promise<ActionResult> => {
    setSaving(true);
    const result = await attempt(() =>
      saveDisplaySettings(products.filter((p) => shown.has(p.Code)).map((p) => p.Code)),
    );
    setSaving(false);
    return result;
  };

  return { status, products, shown, toggle, save, saving };
}
