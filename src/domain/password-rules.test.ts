import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { isCommonPassword, passwordProblem } from './password-rules';
import { passwordField } from './schemas/fields';

describe('common passwords', () => {
  it('knows the famous ones of 8 characters or more (shorter ones fail the length rule), in any capitals, and not a made-up one', () => {
    for (const word of ['12345678', 'password', 'iloveyou', 'Password', 'QWERTY123', 'sunshine']) {
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

describe('passwordProblem', () => {
  it('refuses the account\'s e-mail, its name part, and the shop\'s name; a good password has no problem', () => {
    const email = 'kavya.menon@example.in';
    expect(passwordProblem('kavya.menon@example.in', { email })).toBe(VALIDATION.passwordIsEmail);
    expect(passwordProblem('Kavya.Menon', { email })).toBe(VALIDATION.passwordIsEmail);
    expect(passwordProblem('ILoveGheeShop', { email })).toBe(VALIDATION.passwordIsShopName);
    expect(passwordProblem('best of kavya ghee', { email, shopNames: ['Kavya Ghee'] })).toBe(VALIDATION.passwordIsShopName);
    expect(passwordProblem('monsoon-ladder-brass', { email, shopNames: ['Kavya Ghee'] })).toBeNull();
  });
});
