import { describe, expect, it } from 'vitest';

import { cleanVin, emailError, extensionError, MSG_EMAIL, MSG_EXTENSION, MSG_PHONE, normalizePhone, phoneError } from './validation';

describe('the browser checks, as the server makes them', () => {
  it.each([
    ['(503) 555-0134', '', '5035550134'],
    ['503.555.0134', 'US', '5035550134'],
    ['503 555 013', '', null],
    ['+1 503 555 0134', '', null],
    ['020 7946 0958', 'GB', '02079460958'],
    ['123', 'GB', null],
    ['555-CALL-NOW', '', null],
  ])('normalizePhone(%s, %s) = %s', (raw, country, want) => {
    expect(normalizePhone(raw, country)).toBe(want);
  });

  it('names a bad phone, extension and e-mail with the server messages, and lets empty ones pass', () => {
    expect(phoneError('555-01')).toBe(MSG_PHONE);
    expect(phoneError('  ')).toBeNull();
    expect(extensionError('x12')).toBeNull();
    expect(extensionError('* 1234')).toBeNull();
    expect(extensionError('12345')).toBe(MSG_EXTENSION);
    expect(emailError('maria@example.com')).toBeNull();
    expect(emailError('Maria.Gonzalez@Example.COM ')).toBeNull();
    expect(emailError('maria@example')).toBe(MSG_EMAIL);
    expect(emailError('maria example.com')).toBe(MSG_EMAIL);
    expect(emailError('')).toBeNull();
  });

  it.each([
    ['4T1B11HK5JU123456', '4T1B11HK5JU123456'],
    ['4t1b 11hk5ju123456', '4T1B11HK5JU123456'],
    ['I4T1B11HK5JU123456', '4T1B11HK5JU123456'],
    ['4T1B11HK5JU123456A', '4T1B11HK5JU123456'],
    ['X4T1B11HK5JU123456', ''],
    ['4T1B11HK5JU12345', ''],
    ['4T1B11HKOJU123456', ''],
    ['4T1B11HKAJU123456', ''],
  ])('cleanVin(%s) = %s', (raw, want) => {
    expect(cleanVin(raw)).toBe(want);
  });
});
