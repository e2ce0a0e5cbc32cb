/** The screen lock (/lock): after the idle time the portal locks until the password is typed. */
export const screenLock = {
  title: '屏幕已锁定',
  subtitle: '您已较长时间未操作，为了账号安全，请输入登录密码解锁',
  signedInAs: '当前账号：{{name}}',
  password: '登录密码',
  passwordPlaceholder: '请输入登录密码',
  unlock: '解锁',
  unlocking: '解锁中…',
  signOut: '退出登录',
  ssoSubtitle: '您已较长时间未操作。您是通过单点登录登录的，请在身份提供方以本人身份重新登录以解锁',
  ssoUnlock: '通过单点登录解锁',
  lockedAt: '锁定于 {{time}}',
};

/** Errors of the screen lock: errors.screenLock. */
export const screenLockErrors = {
  locked: '屏幕已锁定，请输入密码解锁',
  passwordRequired: '请输入登录密码',
  wrongPassword: '密码输入错误，请重新输入',
  wrongPasswordRemaining: '密码输入错误，请重新输入。再错 {{remaining}} 次账号将被锁定',
  unavailable: '域账号没有门户密码，不能锁屏',
};
