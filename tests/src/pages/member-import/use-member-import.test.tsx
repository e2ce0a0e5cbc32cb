import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/adapters/api-client';
import {
  downloadImportPasswords,
  downloadImportTemplate,
  uploadMemberImport,
} from '../../../../src/adapters/member-import-api';
import { saveFile } from '../../../../src/adapters/save-file';
import { useMemberImport } from '../../../../src/pages/member-import/use-member-import';

vi.mock('../../../../src/adapters/member-import-api', () => ({
  downloadImportPasswords: vi.fn(),
  downloadImportTemplate: vi.fn(),
  uploadMemberImport: vi.fn(),
}));
vi.mock('../../../../src/adapters/save-file', () => ({ saveFile: vi.fn() }));

const file = () => new File(['x'], 'members.xlsx');
const FILE = { ID: 'token-1', Count: 3, ExpiresAt: 1_800_000_000_000 };

describe('useMemberImport', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the upload progress, then validating, then the number imported, and reloads the list', async () => {
    let finish: (value: Awaited<ReturnType<typeof uploadMemberImport>>) => void = () => undefined;
    let progress: (fraction: number) => void = () => undefined;
    vi.mocked(uploadMemberImport).mockImplementation((_file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    const onImported = vi.fn();
    const { result } = renderHook(() => useMemberImport(onImported));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.upload(file());
    });
    expect(result.current.phase).toBe('uploading');
    act(() => progress(0.42));
    expect(result.current.percent).toBe(42);
    act(() => progress(1));
    expect(result.current.phase).toBe('validating');
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish({ Imported: 3, Problems: [], ProblemCount: 0, Sent: 0, PasswordFile: FILE });
      await done;
    });
    expect(result.current.phase).toBe('imported');
    expect(result.current.report?.PasswordFile).toEqual(FILE);
    expect(result.current.passwordFile).toBe('offered');
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('lists the problems of a refused file and does not reload the list', async () => {
    const problems = [
      { Row: 51, Column: 'mobile' as const, key: 'errors.memberImport.invalidMobile' as const },
    ];
    vi.mocked(uploadMemberImport).mockResolvedValue({
      Imported: 0,
      Problems: problems,
      ProblemCount: 1,
      Sent: 0,
      PasswordFile: null,
    });
    const onImported = vi.fn();
    const { result } = renderHook(() => useMemberImport(onImported));
    await act(() => result.current.upload(file()));
    expect(result.current.phase).toBe('failed');
    expect(result.current.report?.Problems).toEqual(problems);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('offers 10/20/50/100 problems a page and remembers the size chosen on this device', () => {
    localStorage.clear();
    const first = renderHook(() => useMemberImport(vi.fn()));
    expect(first.result.current.problemsPageSize).toBe(10);
    act(() => first.result.current.chooseProblemsPageSize(50));
    expect(first.result.current.problemsPageSize).toBe(50);
    first.unmount();
    const again = renderHook(() => useMemberImport(vi.fn()));
    expect(again.result.current.problemsPageSize).toBe(50);
    // A size not offered is ignored.
    act(() => again.result.current.chooseProblemsPageSize(7));
    expect(again.result.current.problemsPageSize).toBe(50);
    localStorage.clear();
  });

  it('keeps the refusal of the whole file (not an xlsx) with its key', async () => {
    vi.mocked(uploadMemberImport).mockRejectedValue(
      new ApiError(415, 'errors.memberImport.notXlsx', 'The file is not an xlsx spreadsheet'),
    );
    const { result } = renderHook(() => useMemberImport(vi.fn()));
    await act(() => result.current.upload(file()));
    expect(result.current.phase).toBe('failed');
    expect(result.current.refusal?.key).toBe('errors.memberImport.notXlsx');
    act(() => result.current.reset());
    expect(result.current.phase).toBe('idle');
  });

  it('saves the template under the name the server gave it', async () => {
    const blob = new Blob(['x']);
    vi.mocked(downloadImportTemplate).mockResolvedValue({ blob, fileName: '成员导入模板.xlsx' });
    const { result } = renderHook(() => useMemberImport(vi.fn()));
    await act(() => result.current.downloadTemplate());
    expect(saveFile).toHaveBeenCalledWith(blob, '成员导入模板.xlsx');
  });

  it('imports SSO accounts through their own endpoints', async () => {
    vi.mocked(uploadMemberImport).mockResolvedValue({
      Imported: 2,
      Problems: [],
      ProblemCount: 0,
      Sent: 0,
      PasswordFile: null,
    });
    vi.mocked(downloadImportTemplate).mockResolvedValue({ blob: new Blob(['x']), fileName: null });
    const { result } = renderHook(() => useMemberImport(vi.fn(), 'sso'));
    await act(() => result.current.upload(file()));
    expect(vi.mocked(uploadMemberImport).mock.calls[0][2]).toBe('sso');
    expect(result.current.phase).toBe('imported');
    await act(() => result.current.downloadTemplate());
    expect(downloadImportTemplate).toHaveBeenCalledWith('sso');
    expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'sso-import-template.xlsx');
  });

  it('saves the initial passwords once, then offers them no more', async () => {
    vi.mocked(uploadMemberImport).mockResolvedValue({
      Imported: 3,
      Problems: [],
      ProblemCount: 0,
      Sent: 0,
      PasswordFile: FILE,
    });
    const blob = new Blob(['x']);
    vi.mocked(downloadImportPasswords).mockResolvedValue({ blob, fileName: '成员初始密码.xlsx' });
    const { result } = renderHook(() => useMemberImport(vi.fn()));
    await act(() => result.current.upload(file()));
    await act(() => result.current.downloadPasswords());
    expect(downloadImportPasswords).toHaveBeenCalledWith('token-1');
    expect(saveFile).toHaveBeenCalledWith(blob, '成员初始密码.xlsx');
    expect(result.current.passwordFile).toBe('downloaded');
    await act(() => result.current.downloadPasswords());
    expect(downloadImportPasswords).toHaveBeenCalledTimes(1);
  });

  it('says in words when the initial passwords were already taken or expired', async () => {
    vi.mocked(uploadMemberImport).mockResolvedValue({
      Imported: 3,
      Problems: [],
      ProblemCount: 0,
      Sent: 1,
      PasswordFile: FILE,
    });
    vi.mocked(downloadImportPasswords).mockRejectedValue(
      new ApiError(404, 'errors.memberImport.passwordFileGone', 'gone'),
    );
    const { result } = renderHook(() => useMemberImport(vi.fn()));
    await act(() => result.current.upload(file()));
    await act(() => result.current.downloadPasswords());
    expect(result.current.passwordFile).toBe('refused');
    expect(result.current.passwordRefusal?.key).toBe('errors.memberImport.passwordFileGone');
    expect(saveFile).not.toHaveBeenCalled();
  });
});
