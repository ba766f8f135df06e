import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { isCommonPassword } from './password-rules';
import { passwordField } from './schemas/fields';

describe('common passwords', () => {
  it('knows the famous ones, in any capitals, and not a made-up one', () => {
    for (const word of ['123456', 'password', 'qwerty', 'iloveyou', 'Password', 'QWERTY123']) {
      expect(isCommonPassword(word), word).toBe(true);
    }
    expect(isCommonPassword('ghee-from-grandma-42')).toBe(false);
  });

  it('the password rule refuses them with the message of DESIGN.md §7.1, keeping SPEC\'s length message first', () => {
    expect(passwordField.safeParse('password').error?.issues.map((i) => i.message)).toEqual([VALIDATION.passwordTooCommon]);
    expect(passwordField.safeParse('12345').error?.issues.map((i) => i.message)).toEqual([VALIDATION.passwordTooShort]);
    expect(passwordField.safeParse('ghee-from-grandma-42').success).toBe(true);
  });
});
