import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PHOTO_MAX_BYTES } from '../../../../domain/rules/personal';
import type { PersonalInfo } from '../../../../domain/schemas/personal';
import { ApiError } from '../../../../src/adapters/api-client';
import { getPersonalInfo, updatePersonalInfo, uploadPhoto } from '../../../../src/adapters/personal-api';
import { usePersonalPage } from '../../../../src/pages/personal/use-personal-page';
import { sessionStore } from '../../../../src/pages/session/use-session';
import { Providers, testSession, useLanguage } from '../../test-utils';

vi.mock('../../../../src/adapters/personal-api', () => ({
  getPersonalInfo: vi.fn(),
  updatePersonalInfo: vi.fn(),
  uploadPhoto: vi.fn(),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers path="/layout/person">{children}</Providers>
);

const info: PersonalInfo = {
  ID: 7,
  RealName: 'Ada Lovelace',
  Photo: '',
  MobilePhone: '',
  Email: 'ada@demo.test',
  IndustryArea: '',
};

async function ready() {
  const hook = renderHook(() => usePersonalPage(), { wrapper });
  await waitFor(() => expect(hook.result.current.status).toBe('ready'));
  return hook;
}

describe('usePersonalPage', () => {
  beforeEach(async () => {
    await useLanguage('en-US');
    sessionStore.signIn(testSession());
    vi.mocked(getPersonalInfo).mockReset().mockResolvedValue(info);
    vi.mocked(updatePersonalInfo).mockReset();
    vi.mocked(uploadPhoto).mockReset();
  });

  it("loads the member's own info into the form", async () => {
    const { result } = await ready();
    expect(getPersonalInfo).toHaveBeenCalledWith(7);
    expect(result.current.form).toEqual({ RealName: 'Ada Lovelace', IndustryArea: '' });
    expect(result.current.industries).toContain('pharmaceutical');
  });

  it('saves name and industry, and the session shows the new name', async () => {
    vi.mocked(updatePersonalInfo).mockResolvedValue({
      ...info,
      RealName: 'Ada King',
      IndustryArea: 'materials',
    });
    const { result } = await ready();
    act(() => result.current.setForm({ RealName: ' Ada King ', IndustryArea: 'materials' }));
    await act(async () => expect(await result.current.save()).toBe(true));
    expect(updatePersonalInfo).toHaveBeenCalledWith(7, { RealName: 'Ada King', IndustryArea: 'materials' });
    expect(sessionStore.get().session?.AccountInfo.RealName).toBe('Ada King');
  });

  it.each([
    ['an empty name', '', 'errors.personal.nameRequired'],
    // SPEC §5: text made only of spaces has one message wherever a person types.
    ['a name of spaces', '   ', 'errors.validation.allSpaces'],
  ])('refuses %s before sending, with its key', async (_name, RealName, key) => {
    const { result } = await ready();
    act(() => result.current.setForm({ RealName }));
    await act(async () => expect(await result.current.save()).toBe(false));
    expect(result.current.formProblem).toEqual({ key });
    expect(updatePersonalInfo).not.toHaveBeenCalled();
  });

  it('refuses a photo over the limit before sending, and shows a refused file', async () => {
    const { result } = await ready();
    const large = new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)]);
    await act(async () => expect(await result.current.choosePhoto(large)).toBe(false));
    expect(result.current.photoProblem).toEqual({
      key: 'errors.personal.photoTooLarge',
      params: { max: '2MB' },
    });
    expect(uploadPhoto).not.toHaveBeenCalled();
    vi.mocked(uploadPhoto).mockRejectedValue(
      new ApiError(415, 'errors.personal.photoFormat', 'Wrong file format', { types: 'jpg, png' }),
    );
    await act(async () => expect(await result.current.choosePhoto(new Blob(['text']))).toBe(false));
    expect(result.current.photoProblem).toEqual({
      key: 'errors.personal.photoFormat',
      params: { types: 'jpg, png' },
    });
  });

  it('shows an uploaded photo on the page and in the session', async () => {
    vi.mocked(uploadPhoto).mockResolvedValue('/api/account/photo/7?v=1');
    const { result } = await ready();
    await act(async () => expect(await result.current.choosePhoto(new Blob(['png']))).toBe(true));
    expect(result.current.info?.Photo).toBe('/api/account/photo/7?v=1');
    expect(sessionStore.get().session?.AccountInfo.Photo).toBe('/api/account/photo/7?v=1');
  });
});
