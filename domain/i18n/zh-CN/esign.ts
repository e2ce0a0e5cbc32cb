/** Errors of the electronic signature (SPEC §3, §7 Esign). */
export const esignErrors = {
  minLength: '最小长度应在 6 到 32 之间',
  tooShort: '签名密码长度不能少于组织设置的最小长度',
  tooLong: '签名密码不能超过 64 个字符',
  weak: '签名密码不符合管理员设置的强度要求',
  sameAsLogin: '签名密码不能与登录密码相同',
  mismatch: '两次输入的密码不一致',
};
