import { describe, expect, it } from 'vitest';

import type { SearchTerm } from '../../lib/api/types';
import { describeTerm, fieldLabel } from './contact-display';

describe('describeTerm', () => {
  it.each<[SearchTerm, string]>([
    [{ kind: 'email', email: 'maria@example.com' }, 'Searched by email: maria@example.com'],
    [{ kind: 'phone', phone: '5035550142' }, 'Searched by phone: 5035550142'],
    [{ kind: 'vin', vin: '4T1B11HK5KU123456' }, 'Searched by VIN: 4T1B11HK5KU123456'],
    [{ kind: 'vin', vin: 'MH612345' }, 'Searched by the end of a VIN: MH612345'],
    [{ kind: 'stockNumber', stockNumber: 'T24817A' }, 'Searched by stock number: T24817A'],
    [{ kind: 'lastName', lastName: 'Gonzalez' }, 'Searched by last name: Gonzalez'],
    [{ kind: 'businessName', businessName: 'Rose City Plumbing' }, 'Searched by business name: Rose City Plumbing'],
    [{ kind: 'fullName', firstName: 'Maria', lastName: 'Gonzalez' }, 'Searched by first and last name: Maria Gonzalez'],
  ])('%j → %s', (term, want) => {
    expect(describeTerm(term)).toBe(want);
  });
});

describe('fieldLabel', () => {
  it.each([
    ['firstName', 'First name'],
    ['phones[0].phone', 'Phone 1 · number'],
    ['phones[1].optOutSms', 'Phone 2 · no texts'],
    ['emails[2].email', 'Email 3 · email'],
    ['accountPlatformId', 'Store'],
    ['driverLicense.number', 'Driver licence · number'],
    ['isMarkedHot', 'Hot customer'],
    ['birthMonth', 'Birth month'],
    ['customThing[3]', 'Custom thing 4'],
    ['leads[4410].status', 'Lead #4410 · status'],
    ['leads[4410].bdcAgent', 'Lead #4410 · BDC agent'],
  ])('names %s "%s"', (path, want) => {
    expect(fieldLabel(path)).toBe(want);
  });
});
