// The checks the browser makes before a form is sent, with the messages the server gives for
// the same rules, so a user reads one wording whichever side refused. Each mirrors its Go rule:
// shared/value/phone, shared/value/email, shared/value/vin, the contact's (shared/domain/contact)
// and a lead vehicle's (shared/domain/lead) field rules, and the logged call's outcome
// (functions/activity). The server checks again: these only spare a round trip.

/** Messages of the phone rules (shared/value/phone). */
export const MSG_PHONE = 'Invalid number';
export const MSG_EXTENSION = 'Invalid extension';
/** Message of the e-mail rule (shared/value/email). */
export const MSG_EMAIL = 'Invalid email. Please enter a valid email address.';
/** Message of a contact's VIN (shared/domain/contact MsgVIN). */
export const MSG_CONTACT_VIN = 'Invalid VIN';
/** A contact needs a name (shared/domain/contact MsgName). */
export const MSG_CONTACT_NAME = 'Enter a first name, last name or business name.';
/** Messages of a lead's vehicle (shared/domain/lead validateVehicle). */
export const MSG_LEAD_VIN = 'Enter a VIN of 17 letters and digits (no I, O or Q).';
export const MSG_LEAD_VEHICLE = 'Enter a VIN, a stock number, or the year, make or model.';
/** A logged call needs an outcome (functions/activity MsgOutcome). */
export const MSG_CALL_OUTCOME = "Choose the call's outcome: Contacted, Left message, No answer, Busy, Wrong number or Bad number.";

/**
 * normalizePhone applies the contact form's entry rule to raw for a country ('' for none): spaces,
 * parentheses, dots, commas and hyphens are stripped; the US or no country needs exactly 10
 * digits, any other country 4 to 14. It returns the digits, or null for any other number.
 */
export function normalizePhone(raw: string, country = ''): string | null {
  const digits = raw.replace(/[\s().,-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  if (country === '' || country.toUpperCase() === 'US') return digits.length === 10 ? digits : null;
  return digits.length >= 4 && digits.length <= 14 ? digits : null;
}

/**
 * phoneError is the message for a phone field's value, or null when it passes (an empty phone is
 * dropped on save, so it passes).
 */
export function phoneError(raw: string, country = ''): string | null {
  if (raw.trim() === '') return null;
  return normalizePhone(raw, country) === null ? MSG_PHONE : null;
}

/** extensionError applies the extension rule: an optional prefix (. x or *), an optional space, up to 4 digits. */
export function extensionError(raw: string): string | null {
  let s = raw.trim();
  if (s !== '' && '.x*'.includes(s[0] ?? '')) s = s.slice(1);
  if (s.startsWith(' ')) s = s.slice(1);
  if (s === '') return null;
  return /^\d{1,4}$/.test(s) ? null : MSG_EXTENSION;
}

// The WHATWG (HTML) e-mail shape with a dotted domain ending in a letter label, as the server's.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$/;

/** validEmail reports whether s (trimmed, any case) is an address of the standard shape. */
export function validEmail(s: string): boolean {
  const n = s.trim().toLowerCase();
  return n.length <= 254 && EMAIL.test(n);
}

/** emailError is the message for an e-mail field's value, or null when it passes or is empty. */
export function emailError(raw: string): string | null {
  if (raw.trim() === '') return null;
  return validEmail(raw) ? null : MSG_EMAIL;
}

/** validVin reports whether v is a cleaned VIN: 17 letters and digits without I, O or Q, the ninth a digit or X. */
export function validVin(v: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(v) && /[0-9X]/.test(v[8] ?? '');
}

/**
 * cleanVin returns the VIN s stands for, or '' when it is not one, by the server's rules:
 * spaces removed and letters upper-cased; 17 characters kept; 18 drop a leading I or else a
 * trailing non-digit; 19 and 20 take the 17 from the second or third character; then the VIN
 * must be valid.
 */
export function cleanVin(s: string): string {
  let v = s.replace(/ /g, '').toUpperCase();
  switch (v.length) {
    case 17:
      break;
    case 18:
      if (v[0] === 'I') v = v.slice(1);
      else if (!/\d/.test(v[17] ?? '')) v = v.slice(0, 17);
      else return '';
      break;
    case 19:
      v = v.slice(1, 18);
      break;
    case 20:
      v = v.slice(2, 19);
      break;
    default:
      return '';
  }
  return validVin(v) ? v : '';
}
