/**
 * The most common passwords of public leak studies (global lists and the Chinese ones: CSDN, 12306),
 * kept to the ones that pass the 6-character rule. Refused on register and password change
 * (ASVS 6.2.4, "top 3000" in the standard; a hundred catches the bulk of guessing attacks).
 */
const COMMON_PASSWORDS: readonly string[] = [
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '01234567',
  '654321', '7654321', '87654321', '987654321', '9876543210',
  '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '000000',
  '1111111', '11111111', '111111111', '00000000', '88888888', '66666666', '12341234', '11223344',
  '112233', '121212', '123123', '123321', '123654', '123789', '147258', '147258369', '159357',
  '159753', '168168', '520520', '5201314', '1314520', '131313', '456789', '789456', '789456123',
  '741852963', '963852741', '147852369', '321654', '202020', '123abc', 'abc123', 'abc123456',
  'a123456', 'a12345678', 'aa123456', 'aa112233', 'qq123456', 'q123456', 'w123456', 'z123456',
  'abcdef', 'abcabc', 'abcd1234', '1234abcd', 'a1b2c3', 'a1b2c3d4', 'aaaaaa', 'asdasd', 'asdfgh',
  'asdfghjkl', 'qwerty', 'qwerty123', 'qwertyuiop', 'qweasd', 'qweasdzxc', '123qwe', 'qwe123',
  '1qaz2wsx', '1q2w3e4r', '1q2w3e', 'zxcvbn', 'zxcvbnm', 'password', 'password1', 'password123',
  'passw0rd', 'p@ssw0rd', 'admin123', 'iloveyou', 'woaini', 'woaini1314', 'woaini520', 'wodemima',
  'sunshine', 'princess', 'football', 'baseball', 'dragon', 'monkey', 'letmein', 'welcome',
  'master', 'shadow', 'superman', 'michael', 'qazwsx', 'computer', 'trustno1', 'whatever',
];

const LOOKUP = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** Case-insensitive: 'Password1' is as guessable as 'password1'. */
export function isCommonPassword(password: string): boolean {
  return LOOKUP.has(password.toLowerCase());
}

export const commonPasswordCount = LOOKUP.size;
