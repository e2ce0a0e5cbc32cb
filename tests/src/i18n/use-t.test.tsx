import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../src/i18n/i18n';
import { useT } from '../../../src/i18n/use-t';
import { useLanguage } from '../test-utils';

function Greeting() {
  const { t, language } = useT();
  return (
    <p>
      {language}: {t('home.greeting', { name: 'Ada' })}
    </p>
  );
}

describe('useT', () => {
  beforeEach(async () => {
    await useLanguage('zh-CN');
  });

  it('translates typed keys and re-renders when the language switches', async () => {
    render(<Greeting />);
    expect(screen.getByText('zh-CN: 你好，Ada')).toBeTruthy();
    await act(() => changeLanguage('en-US'));
    expect(screen.getByText(/^en-US: /).textContent).toBe('en-US: Hello, Ada');
  });
});
