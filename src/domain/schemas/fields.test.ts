import { describe, expect, it } from 'vitest';
import {
  addressField,
  businessNameField,
  districtField,
  emailField,
  idField,
  itemQtyField,
  loginPasswordField,
  mobileField,
  nameField,
  optionalText,
  passwordField,
  pincodeField,
  requiredText,
  stateField,
} from './fields';
import { errorsOf } from './test-helpers';

const messageOf = (schema: Parameters<typeof errorsOf>[0], input: unknown) => errorsOf(schema, input)[''];

describe('emailField', () => {
  it('requires an email, missing or blank', () => {
    expect(messageOf(emailField, undefined)).toBe('Email is required');
    expect(messageOf(emailField, '')).toBe('Email is required');
    expect(messageOf(emailField, '   ')).toBe('Email is required');
  });

  it('reports one message for an empty field, not two', () => {
    const result = emailField.safeParse('');
    expect(result.error?.issues).toHaveLength(1);
  });

  it('rejects a malformed email', () => {
    for (const bad of ['asha', 'asha@', '@example.com', 'asha@example', 'a b@example.com']) {
      expect(messageOf(emailField, bad)).toBe('Email format is invalid');
    }
    expect(messageOf(emailField, `${'a'.repeat(250)}@example.com`)).toBe('Email format is invalid');
  });

  it('trims and lower-cases', () => {
    expect(emailField.parse('  Asha.Verma@Example.COM ')).toBe('asha.verma@example.com');
  });
});

describe('passwordField', () => {
  it('requires a password', () => {
    expect(messageOf(passwordField, undefined)).toBe('Password is required');
    expect(messageOf(passwordField, '')).toBe('Password is required');
    expect(passwordField.safeParse('').error?.issues).toHaveLength(1);
  });

  it('needs at least 8 characters', () => {
    expect(messageOf(passwordField, '12345')).toBe('Password must be at least 8 characters');
    expect(messageOf(passwordField, 'kx7q2mz')).toBe('Password must be at least 8 characters');
    expect(passwordField.parse('kx7q2mzr')).toBe('kx7q2mzr');
  });

  it('refuses the shop\'s name in it, in any capitals or spacing', () => {
    expect(messageOf(passwordField, 'My-Ghee Shop!')).toBe("Do not use the shop's name in your password. Choose another.");
  });

  it('is not trimmed', () => {
    expect(passwordField.parse(' secret word ')).toBe(' secret word ');
  });

  it('caps the length', () => {
    expect(messageOf(passwordField, 'x'.repeat(129))).toBe('Password can be at most 128 characters; this one has 129.');
  });
});

describe('loginPasswordField', () => {
  it('only requires a non-empty password', () => {
    expect(messageOf(loginPasswordField, '')).toBe('Password is required');
    expect(messageOf(loginPasswordField, undefined)).toBe('Password is required');
    expect(loginPasswordField.parse('abc')).toBe('abc');
  });
});

describe('nameField', () => {
  it('requires a name and trims it', () => {
    expect(messageOf(nameField, undefined)).toBe('Name is required');
    expect(messageOf(nameField, '  ')).toBe('Name is required');
    expect(nameField.parse('  Asha Verma ')).toBe('Asha Verma');
  });

  it('caps the length at 100, saying which field, its limit and how long the text is', () => {
    expect(messageOf(nameField, 'n'.repeat(134))).toBe('Name can be at most 100 characters; this one has 134.');
    expect(messageOf(nameField, ` ${'n'.repeat(101)} `)).toBe('Name can be at most 100 characters; this one has 101.');
    expect(nameField.parse('n'.repeat(100))).toHaveLength(100);
  });
});

describe('mobileField', () => {
  it('requires a mobile number', () => {
    expect(messageOf(mobileField, undefined)).toBe('Mobile number is required');
    expect(messageOf(mobileField, '')).toBe('Mobile number is required');
    expect(mobileField.safeParse('').error?.issues).toHaveLength(1);
  });

  it('needs exactly 10 digits', () => {
    for (const bad of ['987654321', '98765432100', '98765 4321', '+919876543', 'abcdefghij']) {
      expect(messageOf(mobileField, bad)).toBe('Mobile number must be 10 digits');
    }
    expect(mobileField.parse(' 9876543210 ')).toBe('9876543210');
  });

  it('accepts the ways people write a number and keeps its 10 digits', () => {
    for (const typed of ['98765 43210', '+91 98765 43210', '098765 43210', '+91-98765-43210', '91 98765 43210']) {
      expect(mobileField.parse(typed)).toBe('9876543210');
    }
    for (const bad of ['+92 98765 43210', '9876543210 ext 2', '+91 +98765 43210']) {
      expect(messageOf(mobileField, bad)).toBe('Mobile number must be 10 digits');
    }
  });
});

describe('pincodeField', () => {
  it('requires a pincode', () => {
    expect(messageOf(pincodeField, undefined)).toBe('Pincode is required');
    expect(messageOf(pincodeField, ' ')).toBe('Pincode is required');
  });

  it('needs 6 digits not starting with 0', () => {
    for (const bad of ['56000', '5600011', '060001', '56a001']) {
      expect(messageOf(pincodeField, bad)).toBe('Pincode must be 6 digits');
    }
    expect(pincodeField.parse('560001')).toBe('560001');
  });
});

describe('address, district and state', () => {
  it('each require a value with its own message', () => {
    expect(messageOf(addressField, '')).toBe('Address is required');
    expect(messageOf(addressField, undefined)).toBe('Address is required');
    expect(messageOf(districtField, '')).toBe('District is required');
    expect(messageOf(stateField, '')).toBe('State is required');
  });

  it('cap address at 200 and the others at 100', () => {
    expect(addressField.safeParse('a'.repeat(200)).success).toBe(true);
    expect(messageOf(addressField, 'a'.repeat(201))).toBe('Address can be at most 200 characters; this one has 201.');
    expect(messageOf(districtField, 'd'.repeat(101))).toBe('District can be at most 100 characters; this one has 101.');
    expect(messageOf(stateField, 's'.repeat(101))).toBe('State can be at most 100 characters; this one has 101.');
  });
});

describe('one-line fields', () => {
  it('take a pasted tab as a space, so browser and server keep the same value', () => {
    expect(nameField.parse('Asha\tVerma')).toBe('Asha Verma');
    expect(districtField.parse('Bengaluru \t\tUrban')).toBe('Bengaluru Urban');
    expect(addressField.parse('\t12 MG Road\t')).toBe('12 MG Road');
    expect(businessNameField.parse('Nandi\tDairy')).toBe('Nandi Dairy');
  });

  it('still refuse line breaks, controls, direction controls, broken characters and web addresses', () => {
    expect(messageOf(nameField, 'Asha\nVerma')).toBe('Name must be one line of plain text: remove the line break.');
    expect(messageOf(nameField, 'Asha\u0007Verma')).toBe('Name must be one line of plain text: remove the invisible control character.');
    expect(messageOf(nameField, 'Asha\u202eVerma')).toBe('Name must be one line of plain text: remove the invisible text-direction character.');
    expect(messageOf(nameField, 'Asha \ud83dVerma')).toBe('Name must be one line of plain text: remove the broken character (half of an emoji or symbol).');
    expect(messageOf(nameField, 'Asha\twww.pay.example')).toBe('Name cannot contain a web address (https://, www.): type the name only.');
  });
});

describe('requiredText and optionalText', () => {
  it('requiredText uses the given message and limit', () => {
    const field = requiredText('Town is required', 5, 'Town');
    expect(messageOf(field, '')).toBe('Town is required');
    expect(messageOf(field, 'abcdef')).toBe('Town can be at most 5 characters; this one has 6.');
    expect(field.parse(' abc ')).toBe('abc');
  });

  it('optionalText allows empty text but not too much', () => {
    const field = optionalText(3, 'Code');
    expect(field.parse('  ')).toBe('');
    expect(messageOf(field, 'abcd')).toBe('Code can be at most 3 characters; this one has 4.');
  });
});

describe('itemQtyField', () => {
  it('accepts whole numbers 1 to 10', () => {
    expect(itemQtyField.parse(1)).toBe(1);
    expect(itemQtyField.parse(10)).toBe(10);
  });

  it('rejects everything else with one message', () => {
    for (const bad of [0, 11, 2.5, -1, '3', undefined, Number.NaN]) {
      expect(messageOf(itemQtyField, bad)).toBe('Quantity must be between 1 and 10');
    }
  });
});

describe('idField', () => {
  it('accepts positive integers only', () => {
    expect(idField.parse(7)).toBe(7);
    expect(idField.safeParse(0).success).toBe(false);
    expect(idField.safeParse('7').success).toBe(false);
  });
});
