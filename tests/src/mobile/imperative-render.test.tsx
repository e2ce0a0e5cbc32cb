import { act, screen } from '@testing-library/react';
import ActionSheet from 'antd-mobile/es/components/action-sheet';
import Dialog from 'antd-mobile/es/components/dialog';
import { beforeAll, describe, expect, it } from 'vitest';
import { installImperativeRender, renderWithRoot } from '../../../src/mobile/imperative-render';

describe('antd-mobile imperative APIs under React 19', () => {
  beforeAll(() => {
    installImperativeRender();
  });

  it('shows a Dialog opened imperatively', async () => {
    act(() => {
      Dialog.show({ content: 'Are you sure?' });
    });
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    act(() => Dialog.clear());
  });

  it('shows an ActionSheet opened imperatively', async () => {
    act(() => {
      ActionSheet.show({ actions: [{ key: 'copy', text: 'Copy link' }] });
    });
    expect(await screen.findByText('Copy link')).toBeTruthy();
  });

  it('renders into a container and unmounts it a tick later', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    let unmount: () => Promise<void> = async () => undefined;
    await act(async () => {
      unmount = renderWithRoot(<p>hello</p>, container);
    });
    expect(container.textContent).toBe('hello');
    await act(() => unmount());
    expect(container.textContent).toBe('');
    container.remove();
  });
});
