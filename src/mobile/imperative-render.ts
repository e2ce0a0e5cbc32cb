import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

type Container = Element | DocumentFragment;

const roots = new WeakMap<Container, Root>();

/**
 * Renders an antd-mobile imperative element (Toast.show, Dialog.show, Modal.alert, ActionSheet.show)
 * into its container with React 19's createRoot. The unmount waits a tick: antd-mobile may close a
 * toast while React is still rendering, and a root cannot unmount synchronously then.
 */
export function renderWithRoot(node: ReactElement, container: Container): () => Promise<void> {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  const mounted = root;
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    mounted.unmount();
    roots.delete(container);
  };
}

/**
 * antd-mobile 5 renders its imperative APIs with the legacy ReactDOM.render, which React 19 removed, so
 * every toast failed silently. The phone shell calls this once, before anything can show one.
 */
export function installImperativeRender(): void {
  unstableSetRender(renderWithRoot);
}
