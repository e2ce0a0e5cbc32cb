/**
 * Why a new password is refused as guessable, one message per category of the estimator
 * (domain/rules/password-guessability.ts). Not in the first-paint part: only password pages show them.
 */
export const guessablePasswordErrors = {
  generic: '密码不符合最低安全要求：太容易被猜到，请加长，例如用几个互不相关的词组成',
  straightRow: '密码不符合最低安全要求：键盘上连成一排的按键很容易被猜到',
  keyPattern: '密码不符合最低安全要求：短的键盘图案很容易被猜到',
  simpleRepeat: '密码不符合最低安全要求：重复的字符（如“aaa”）很容易被猜到',
  extendedRepeat: '密码不符合最低安全要求：重复的片段（如“abcabcabc”）很容易被猜到',
  sequences: '密码不符合最低安全要求：连续的字符（如“abc”“123456”）很容易被猜到',
  recentYears: '密码不符合最低安全要求：最近的年份很容易被猜到',
  dates: '密码不符合最低安全要求：日期很容易被猜到',
  topTen: '密码不符合最低安全要求：这是最常用的十个密码之一',
  topHundred: '密码不符合最低安全要求：这是最常用的一百个密码之一',
  common: '密码不符合最低安全要求：这是常用的密码，出现在已泄露的密码列表中',
  similarToCommon: '密码不符合最低安全要求：与常用密码过于相似',
  wordByItself: '密码不符合最低安全要求：单个单词很容易被猜到',
  namesByThemselves: '密码不符合最低安全要求：单独的名字或姓氏很容易被猜到',
  commonNames: '密码不符合最低安全要求：常见的名字和姓氏很容易被猜到',
  userInputs: '密码不符合最低安全要求：不能包含您的账号、姓名或组织名称',
};
