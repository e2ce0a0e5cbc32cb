import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BasicInfoPage } from '../../../../../src/mobile/pages/account/basic-info-page';
import { sessionStore } from '../../../../../src/pages/session/use-session';
import { createBrowserPlatform } from '../../../../../src/platforms/browser';
import { Providers, testSession, useLanguage } from '../../../test-utils';

vi.mock('../../../../../src/adapters/account-api', () => ({
  getBasicInfo: vi.fn(async () => ({
    ID: 7,
    Photo: '',
    RealName: 'Ada Lovelace',
    Account: 'ada@demo.test',
    MobilePhone: '',
    Email: 'ada@demo.test',
    OrgName: 'Demo Lab',
    DeptName: '',
    IsOrganAdmin: 0,
    RegisterTime: 0,
    LastLoginTime: null,
  })),
}));

const page = (Code: string) => ({ Code, Name: Code, HasAuth: true, Children: [] });

describe("the phone's personal centre", () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession());
    sessionStore.menusLoaded([
      {
        Code: 'personalCenter',
        Name: '',
        HasAuth: true,
        Children: [page('info'), page('person'), page('password'), page('loginLog'), page('signature')],
      },
    ]);
  });

  it('offers the password change beside the other personal pages, and opens it', async () => {
    render(
      <Providers platform={createBrowserPlatform('mobile')} path="/layout/info">
        <BasicInfoPage />
      </Providers>,
    );
    const item = await screen.findByTestId('personal-centre-password');
    expect(item.textContent).toContain('Change password');
    expect(screen.getByTestId('personal-centre-person')).toBeTruthy();
    expect(screen.queryByTestId('personal-centre-info')).toBeNull();
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/layout/password'));
  });
});
