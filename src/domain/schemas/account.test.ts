import { describe, expect, it } from 'vitest';
import {
  adminAccessSchema,
  authAnswerSchema,
  billingFormSchema,
  forgotPasswordFormSchema,
  guestRegisterSchema,
  loginSchema,
  profileFormSchema,
  profileSchema,
  publicUserSchema,
  registerSchema,
  resetNewPasswordSchema,
  resetPasswordFormSchema,
  resetRequestSchema,
} from './account';
import { errorsOf } from './test-helpers';

const register = {
  username: 'Asha Verma',
  emailaddress: 'Asha@Example.com',
  mobilenumber: '9876543210',
  password: 'ghee-lover-42',
};

const billing = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  mobilenumber: '9876543210',
  pincode: '560001',
  address: '12 Temple Street',
  state: 'Karnataka',
  district: 'Bengaluru Urban',
};

const profile = {
  username: 'Asha Verma',
  emailaddress: 'asha@example.com',
  address: '12 Temple Street',
  pincode: '560001',
  state: 'Karnataka',
  mobilenumber: '9876543210',
  district: 'Bengaluru Urban',
};

describe('registerSchema', () => {
  it('accepts a valid body and normalises the email', () => {
    expect(registerSchema.parse(register)).toEqual({ ...register, emailaddress: 'asha@example.com' });
  });

  it('strips a smuggled roles field instead of failing', () => {
    const parsed = registerSchema.parse({ ...register, roles: ['ADMIN'], isadmin: true });
    expect(parsed).not.toHaveProperty('roles');
    expect(parsed).not.toHaveProperty('isadmin');
  });

  it('shows the SPEC.md §5 message under each field', () => {
    expect(errorsOf(registerSchema, {})).toEqual({
      username: 'Name is required',
      emailaddress: 'Email is required',
      mobilenumber: 'Mobile number is required',
      password: 'Password is required',
    });
    expect(
      errorsOf(registerSchema, { ...register, emailaddress: 'nope', mobilenumber: '123', password: '123' }),
    ).toEqual({
      emailaddress: 'Email format is invalid',
      mobilenumber: 'Mobile number must be 10 digits',
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('loginSchema', () => {
  it('accepts email, password and an optional remember flag', () => {
    expect(loginSchema.parse({ email: ' A@B.co ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x', remember: true }).remember).toBe(true);
  });

  it('only requires a non-empty password', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.co', password: '' })).toEqual({ password: 'Password is required' });
    expect(errorsOf(loginSchema, { email: '', password: 'x' })).toEqual({ email: 'Email is required' });
    expect(errorsOf(loginSchema, { email: 'ab', password: 'x' })).toEqual({ email: 'Email format is invalid' });
  });

  it('rejects unknown keys', () => {
    const result = loginSchema.safeParse({ email: 'a@b.co', password: 'x', roles: ['ADMIN'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('rejects a non-boolean remember', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', remember: 'yes' }).success).toBe(false);
  });
});

describe('billingFormSchema and guestRegisterSchema', () => {
  it('require every field with its own message', () => {
    const expected = {
      name: 'Name is required',
      email: 'Email is required',
      mobilenumber: 'Mobile number is required',
      pincode: 'Pincode is required',
      address: 'Address is required',
      state: 'State is required',
      district: 'District is required',
    };
    expect(errorsOf(billingFormSchema, {})).toEqual(expected);
    expect(errorsOf(guestRegisterSchema, {})).toEqual(expected);
  });

  it('checks the pincode format', () => {
    expect(errorsOf(guestRegisterSchema, { ...billing, pincode: '012345' })).toEqual({
      pincode: 'Pincode must be 6 digits',
    });
  });

  it('the request rejects unknown keys; the form strips them', () => {
    expect(guestRegisterSchema.safeParse({ ...billing, password: 'x' }).success).toBe(false);
    expect(billingFormSchema.parse({ ...billing, extra: 1 })).toEqual(billing);
  });
});

describe('password reset', () => {
  it('resetRequestSchema needs a valid email and nothing else', () => {
    expect(resetRequestSchema.parse({ email: 'A@B.co' })).toEqual({ email: 'a@b.co' });
    expect(errorsOf(resetRequestSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(resetRequestSchema.safeParse({ email: 'a@b.co', token: 'x' }).success).toBe(false);
  });

  it('resetNewPasswordSchema needs email, token and a 6-character password', () => {
    const ok = { email: 'a@b.co', token: 'tok123', password: 'ghee-lover-42' };
    expect(resetNewPasswordSchema.parse(ok)).toEqual(ok);
    expect(errorsOf(resetNewPasswordSchema, { ...ok, token: ' ' })).toEqual({
      token: 'The reset link is invalid or has expired',
    });
    expect(errorsOf(resetNewPasswordSchema, { ...ok, token: 't'.repeat(201) })).toEqual({
      token: 'The reset link is invalid or has expired',
    });
    expect(errorsOf(resetNewPasswordSchema, { ...ok, password: '12345' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(resetNewPasswordSchema.safeParse({ ...ok, extra: true }).success).toBe(false);
  });

  it('forgot and reset forms check their single field', () => {
    expect(errorsOf(forgotPasswordFormSchema, { email: 'x' })).toEqual({ email: 'Email format is invalid' });
    expect(errorsOf(resetPasswordFormSchema, { password: '' })).toEqual({ password: 'Password is required' });
    expect(errorsOf(resetPasswordFormSchema, { password: 'abc' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});

describe('profileSchema', () => {
  it('accepts a complete profile', () => {
    expect(profileSchema.parse(profile)).toEqual(profile);
  });

  it('requires every field', () => {
    expect(errorsOf(profileSchema, {})).toEqual({
      username: 'Name is required',
      emailaddress: 'Email is required',
      address: 'Address is required',
      pincode: 'Pincode is required',
      state: 'State is required',
      mobilenumber: 'Mobile number is required',
      district: 'District is required',
    });
  });

  it('rejects unknown keys such as roles; the form variant does not', () => {
    expect(profileSchema.safeParse({ ...profile, roles: ['ADMIN'] }).success).toBe(false);
    expect(profileFormSchema.parse({ ...profile, roles: ['ADMIN'] })).toEqual(profile);
  });
});

describe('adminAccessSchema', () => {
  it('needs an email and a revoke flag', () => {
    expect(adminAccessSchema.parse({ emailaddress: 'B@C.in', revoke: false })).toEqual({
      emailaddress: 'b@c.in',
      revoke: false,
    });
    expect(errorsOf(adminAccessSchema, { emailaddress: '', revoke: true })).toEqual({
      emailaddress: 'Email is required',
    });
    expect(adminAccessSchema.safeParse({ emailaddress: 'b@c.in' }).success).toBe(false);
  });
});

describe('answers', () => {
  const user = { ...profile, roles: ['USER'] };

  it('publicUserSchema allows empty profile fields and known roles only', () => {
    expect(publicUserSchema.parse({ ...user, address: '', pincode: '' }).address).toBe('');
    expect(publicUserSchema.safeParse({ ...user, roles: ['ROOT'] }).success).toBe(false);
  });

  it('publicUserSchema never passes a password through', () => {
    expect(publicUserSchema.parse({ ...user, password: 'secret1' })).not.toHaveProperty('password');
  });

  it('authAnswerSchema needs a token and a user', () => {
    expect(authAnswerSchema.parse({ token: 'jwt', user }).user.roles).toEqual(['USER']);
    expect(authAnswerSchema.safeParse({ token: '', user }).success).toBe(false);
  });
});
