import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPersonalInfo } from '../../../../../src/adapters/personal-api';
import { PersonalPage } from '../../../../../src/desktop/pages/personal/personal-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/personal-api', () => ({
  getPersonalInfo: vi.fn(),
  updatePersonalInfo: vi.fn(),
  uploadPhoto: vi.fn(),
  changeContact: vi.fn(),
  sendContactCode: vi.fn(),
}));

describe('Personal info labels', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession());
    vi.mocked(getPersonalInfo).mockResolvedValue({
      ID: 7,
      RealName: 'Ada Lovelace',
      Photo: '',
      MobilePhone: '',
      Email: 'ada@demo.test',
      IndustryArea: '',
    });
  });

  it('ties each label to its control, so a screen reader names the field', async () => {
    render(
      <Providers path="/layout/person">
        <PersonalPage />
      </Providers>,
    );
    await screen.findByTestId('personal-name');
    expect(screen.getByLabelText('Name')).toBe(screen.getByTestId('personal-name'));
    expect(screen.getByLabelText('Industry area').closest('[data-testid="personal-industry"]')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('data-testid')).toBe('personal-change-email');
    expect(screen.getByLabelText('Mobile').getAttribute('data-testid')).toBe('personal-change-mobile');
    expect(screen.getByLabelText('Photo').textContent).toContain('Upload');
  }, 30_000); // the first render loads antd's form on a busy machine
});
