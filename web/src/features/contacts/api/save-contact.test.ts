import { describe, expect, it } from 'vitest';

import { mariaGonzalez } from '../../../testing/fixtures';
import { contactFormValues, contactToSave, formFieldErrors } from './save-contact';

describe('contactToSave', () => {
  it('keeps what the form does not show and the version read', () => {
    const values = contactFormValues(mariaGonzalez);
    values.firstName = ' Mariela ';
    values.phones[1]!.ext = '34';

    const body = contactToSave(mariaGonzalez, values);

    expect(body.version).toBe(3);
    expect(body.firstName).toBe('Mariela');
    expect(body.ssn).toBe('***-**-6789');
    expect(body.addresses).toEqual(mariaGonzalez.addresses);
    expect(body.phones?.[0]).toMatchObject({ id: 1, phone: '(503) 555-0134', isPreferred: true, phoneTypeId: 1 });
    expect(body.phones?.[1]).toMatchObject({ id: 2, phone: '(503) 555-0178', ext: '34', extension: '34', phoneTypeId: 3 });
  });
});

describe('formFieldErrors', () => {
  it('puts the server paths on the form fields and keeps the rest apart', () => {
    const values = contactFormValues(mariaGonzalez);

    const got = formFieldErrors(
      {
        'phones[1].phone': ['Invalid number'],
        'phones[0].extension': ['Invalid extension'],
        'emails[0].email': ['Invalid email address'],
        lastName: ['Required'],
        'addresses[0].postalCode': ['Invalid postal code'],
        'phones[5].phone': ['Invalid number'],
      },
      values,
    );

    expect(got.fields).toEqual({
      'phones.1.phone': 'Invalid number',
      'phones.0.ext': 'Invalid extension',
      'emails.0.email': 'Invalid email address',
      lastName: 'Required',
    });
    expect(got.other).toEqual(['addresses[0].postalCode: Invalid postal code', 'phones[5].phone: Invalid number']);
  });
});
