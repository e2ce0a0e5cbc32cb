import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Empty } from 'antd';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AntdRoot, withAntd } from '../../../src/desktop/antd-root';
import { changeLanguage } from '../../../src/i18n/i18n';
import { useLanguage } from '../test-utils';

/** A page with state of its own: a remount would reset it. */
function Draft() {
  const [text, setText] = useState('');
  return <input aria-label="draft" value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('AntdRoot', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
  });

  it('keeps the page and what was typed while the language switches both ways', async () => {
    render(
      <AntdRoot>
        <Draft />
      </AntdRoot>,
    );
    const input = screen.getByLabelText('draft');
    fireEvent.change(input, { target: { value: 'half-written' } });
    await act(() => changeLanguage('en-US'));
    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByLabelText('draft')).toBe(input));
    expect((screen.getByLabelText('draft') as HTMLInputElement).value).toBe('half-written');
  });

  it("gives a wrapped page's antd components the current language", async () => {
    const Page = withAntd(() => <Empty />);
    render(<Page />);
    const description = () => document.querySelector('.ant-empty-description')?.textContent;
    await waitFor(() => expect(description()).toBe('暂无数据'));
    await act(() => changeLanguage('en-US'));
    await waitFor(() => expect(description()).toBe('No data'));
  });
});
