import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../domain/i18n';
import type { BasicInfo } from '../../../domain/schemas/account';
import { getBasicInfo } from '../../adapters/account-api';
import { useFormatTime } from '../../i18n/use-t';
import { useSession } from '../session/use-session';

export interface InfoField {
  label: MessageKey;
  value: string;
  /** A value that is itself an i18n key (the role). */
  valueKey?: MessageKey;
}

type FormatTime = (ms: number | null) => string;

/** The rows of the basic-info page, in display order; times as the one formatter shows them. */
export function basicInfoFields(info: BasicInfo, formatTime: FormatTime): InfoField[] {
  return [
    { label: 'account.basicInfo.realName', value: info.RealName },
    { label: 'account.basicInfo.account', value: info.Account },
    { label: 'account.basicInfo.mobile', value: info.MobilePhone },
    { label: 'account.basicInfo.email', value: info.Email },
    { label: 'account.basicInfo.organization', value: info.OrgName },
    { label: 'account.basicInfo.department', value: info.DeptName },
    {
      label: 'account.basicInfo.role',
      value: '',
      valueKey: info.IsOrganAdmin === 1 ? 'account.basicInfo.admin' : 'account.basicInfo.member',
    },
    { label: 'account.basicInfo.registerTime', value: formatTime(info.RegisterTime) },
    { label: 'account.basicInfo.lastLoginTime', value: formatTime(info.LastLoginTime) },
  ];
}

/** Basic-info page logic: the signed-in user's account details. */
export function useBasicInfoPage() {
  const { session } = useSession();
  const id = session?.AccountInfo.ID;
  const [info, setInfo] = useState<BasicInfo | null>(null);
  const formatTime = useFormatTime();
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    getBasicInfo(id).then(
      (value) => {
        if (!live) return;
        setInfo(value);
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [id]);

  const format: FormatTime = (ms) => (ms === null ? '' : formatTime(ms));
  return { status, info, fields: info ? basicInfoFields(info, format) : [] };
}
