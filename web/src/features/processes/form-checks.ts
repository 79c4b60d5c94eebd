import type { FormAnswer, FormControl, ProcessForm } from '../../lib/api/types';
import { REGIONS } from './regions';

/** The messages of the form checks (section 5), the same the server gives. */
export const FORM_MESSAGES = {
  invalidTemplate: 'Invalid template. Please complete a template and submit.',
  enterPassword: 'Please enter password',
  passwordMismatch: 'Passwords do not match. Please enter the same value for password and confirm password.',
  invalidEmail: 'Invalid email. Please enter a valid email address.',
  emailMismatch: 'Email addresses do not match. Please enter the same value for email and confirm email.',
  required: (field: string) => `${field} is a required field.`,
  min: (field: string, n: number) => `Minimum characters of ${field} is ${n}`,
  max: (field: string, n: number) => `Maximum characters of ${field} is ${n}`,
  submitFailed: 'There was an error submitting your form. Please try again later.',
  saveFailed: 'There was an error saving your response. Please try again later.',
  startFailed: 'There was an error starting the selected process. Please try again later.',
};

export const FORMAT_NUMBER = 1;
export const FORMAT_PASSWORD = 2;
export const FORMAT_EMAIL = 3;

/** otherId is the id of a control's 'Other' option: the option count plus one. */
export function otherId(c: FormControl): number {
  return (c.ControlOptions?.length ?? 0) + 1;
}

/** FormErrors are messages by field: "answers.{id}", and "answers.{id}.ConfirmValue" for a confirmation. */
export type FormErrors = Record<string, string>;

const trim = (s: string | undefined) => (s ?? '').trim();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP: Record<string, RegExp> = { US: /^\d{5}(-\d{4})?$/, CA: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/ };

function maxLength(c: FormControl): number {
  if (c.MaxLength) return c.MaxLength;
  return c.InputType === 'LongAnswer' ? 4000 : 500;
}

/** isEmpty reports whether an answer holds nothing. */
export function isEmpty(a: FormAnswer | undefined): boolean {
  if (!a) return true;
  const n = a.Name;
  return (
    !trim(a.Value) &&
    !(a.Values?.length ?? 0) &&
    !trim(a.OtherValue) &&
    !(n && trim([n.Title, n.First, n.Middle, n.Last, n.Suffix].join(''))) &&
    !trim([a.AddressLine1, a.AddressLine2, a.City, a.Zip, a.StateProvince, a.Country].join(''))
  );
}

/**
 * answerList turns the form taker's answers into the list it sends: only the answered questions,
 * in the form's order, with a select's 'Other' text only when 'Other' is chosen.
 */
export function answerList(form: ProcessForm, answers: Record<number, FormAnswer>): FormAnswer[] {
  const out: FormAnswer[] = [];
  for (const c of form.Controls ?? []) {
    const a = answers[c.Id];
    if (isEmpty(a)) continue;
    const sent: FormAnswer = { ...a, ControlId: c.Id };
    const other = String(otherId(c));
    if (c.InputType === 'SingleSelectDropDown' || c.InputType === 'SingleSelectRadio') {
      if (!c.HasOther || sent.Value !== other) delete sent.OtherValue;
    } else if (c.InputType === 'MultiSelection') {
      if (!c.HasOther || !(sent.Values ?? []).includes(other)) delete sent.OtherValue;
    }
    if (isEmpty(sent)) continue;
    out.push(sent);
  }
  return out;
}

function checkOne(c: FormControl, a: FormAnswer | undefined, submit: boolean): [string, string] {
  const field = c.Label;
  if (c.Hidden) return ['', ''];
  const length = (v: string) => {
    const n = [...v].length;
    if (n > 0 && c.MinLength && n < c.MinLength) return FORM_MESSAGES.min(field, c.MinLength);
    if (n > maxLength(c)) return FORM_MESSAGES.max(field, maxLength(c));
    return '';
  };
  const allowed = (v: string) => !(c.Excluded ?? []).includes(v) && (!(c.Included ?? []).length || (c.Included ?? []).includes(v));
  switch (c.InputType) {
    case 'ShortAnswer':
    case 'LongAnswer': {
      const v = trim(a?.Value);
      const password = c.InputType === 'ShortAnswer' && c.InputFormatType === FORMAT_PASSWORD;
      if (!v) {
        if (submit && password && c.Required) return [FORM_MESSAGES.enterPassword, ''];
        return [c.Required ? FORM_MESSAGES.required(field) : '', ''];
      }
      if (!allowed(v)) return [FORM_MESSAGES.required(field), ''];
      const l = length(v);
      if (l) return [l, ''];
      if (c.InputType === 'ShortAnswer') {
        if (c.InputFormatType === FORMAT_NUMBER && !Number.isFinite(Number(v))) return [`${field} must be a number.`, ''];
        if (submit && password && trim(a?.ConfirmValue) !== v) return ['', FORM_MESSAGES.passwordMismatch];
        if (submit && c.InputFormatType === FORMAT_EMAIL) {
          if (!EMAIL.test(v)) return [FORM_MESSAGES.invalidEmail, ''];
          if (trim(a?.ConfirmValue).toLowerCase() !== v.toLowerCase()) return ['', FORM_MESSAGES.emailMismatch];
        }
      }
      return ['', ''];
    }
    case 'ShortName':
    case 'FullName': {
      const n = a?.Name ?? {};
      if (c.Required && (!trim(n.First) || !trim(n.Last))) return [FORM_MESSAGES.required(field), ''];
      for (const part of [n.Title, n.First, n.Middle, n.Last, n.Suffix]) {
        const l = length(trim(part));
        if (l) return [l, ''];
      }
      return ['', ''];
    }
    case 'Address': {
      if (isEmpty(a)) return [c.Required ? FORM_MESSAGES.required(field) : '', ''];
      const country = trim(a?.Country).toUpperCase();
      if (!trim(a?.AddressLine1) || !trim(a?.City) || !country || !trim(a?.StateProvince) || !trim(a?.Zip)) return [FORM_MESSAGES.required(field), ''];
      if (!REGIONS[country]?.some((r) => r.value === trim(a?.StateProvince).toUpperCase())) return [`${field}: choose a state or province of the country.`, ''];
      if (!ZIP[country]?.test(trim(a?.Zip))) return [`${field}: enter a valid ZIP or postal code.`, ''];
      return ['', ''];
    }
    case 'Date':
    case 'Time':
      return [!trim(a?.Value) && c.Required ? FORM_MESSAGES.required(field) : '', ''];
    case 'SingleSelectDropDown':
    case 'SingleSelectRadio': {
      const v = trim(a?.Value);
      if (!v) return [c.Required ? FORM_MESSAGES.required(field) : '', ''];
      if (!allowed(v)) return [FORM_MESSAGES.required(field), ''];
      if (c.HasOther && v === String(otherId(c))) {
        const o = trim(a?.OtherValue);
        if (!o) return [FORM_MESSAGES.required(field), ''];
        return [length(o), ''];
      }
      return ['', ''];
    }
    case 'MultiSelection': {
      const vs = a?.Values ?? [];
      if (!vs.length) return [c.Required ? FORM_MESSAGES.required(field) : '', ''];
      if (c.HasOther && vs.includes(String(otherId(c)))) {
        const o = trim(a?.OtherValue);
        if (!o) return [FORM_MESSAGES.required(field), ''];
        return [length(o), ''];
      }
      return ['', ''];
    }
  }
  return ['', ''];
}

/**
 * checkForm checks the answers as the server will: required, excluded and included values,
 * minimum and maximum characters and the 'Other' text on a save and a submit; a password's value
 * and confirmation and an e-mail's shape and confirmation on a submit only.
 */
export function checkForm(form: ProcessForm, answers: Record<number, FormAnswer>, submit: boolean): FormErrors {
  const errors: FormErrors = {};
  for (const c of form.Controls ?? []) {
    const [msg, confirm] = checkOne(c, answers[c.Id], submit);
    if (msg) errors[`answers.${c.Id}`] = msg;
    if (confirm) errors[`answers.${c.Id}.ConfirmValue`] = confirm;
  }
  return errors;
}
