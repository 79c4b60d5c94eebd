import { describe, expect, it } from 'vitest';

import type { FormAnswer, ProcessForm } from '../../lib/api/types';
import { answerList, checkForm } from './form-checks';

const form: ProcessForm = {
  FormTemplateId: 1,
  Name: 'Checks',
  Type: 'form',
  Controls: [
    { Id: 1, Label: 'Notes', InputType: 'ShortAnswer', Required: true, MinLength: 3, MaxLength: 10 },
    { Id: 2, Label: 'Password', InputType: 'ShortAnswer', InputFormatType: 2, Required: true },
    { Id: 3, Label: 'E-mail', InputType: 'ShortAnswer', InputFormatType: 3 },
    { Id: 4, Label: 'Color', InputType: 'SingleSelectDropDown', HasOther: true, ControlOptions: [{ Id: 1, OptionLabel: 'Red' }, { Id: 2, OptionLabel: 'Blue' }] },
    { Id: 5, Label: 'Address', InputType: 'Address' },
  ],
};

const base: Record<number, FormAnswer> = { 1: { ControlId: 1, Value: 'Good' }, 2: { ControlId: 2, Value: 'pw12345', ConfirmValue: 'pw12345' } };

describe('checkForm', () => {
  it.each<[string, Record<number, FormAnswer>, boolean, Record<string, string>]>([
    ['valid', {}, true, {}],
    ['required', { 1: { ControlId: 1, Value: ' ' } }, false, { 'answers.1': 'Notes is a required field.' }],
    ['minimum characters', { 1: { ControlId: 1, Value: 'ab' } }, true, { 'answers.1': 'Minimum characters of Notes is 3' }],
    ['maximum characters', { 1: { ControlId: 1, Value: 'abcdefghijk' } }, false, { 'answers.1': 'Maximum characters of Notes is 10' }],
    ['password needed on submit', { 2: { ControlId: 2 } }, true, { 'answers.2': 'Please enter password' }],
    ['password confirmation on submit only', { 2: { ControlId: 2, Value: 'a', ConfirmValue: 'b' } }, false, {}],
    ['passwords differ', { 2: { ControlId: 2, Value: 'a', ConfirmValue: 'b' } }, true, { 'answers.2.ConfirmValue': 'Passwords do not match. Please enter the same value for password and confirm password.' }],
    ['e-mail shape', { 3: { ControlId: 3, Value: 'a@b', ConfirmValue: 'a@b' } }, true, { 'answers.3': 'Invalid email. Please enter a valid email address.' }],
    ['e-mails differ', { 3: { ControlId: 3, Value: 'a@b.co', ConfirmValue: 'x@b.co' } }, true, { 'answers.3.ConfirmValue': 'Email addresses do not match. Please enter the same value for email and confirm email.' }],
    ["'Other' needs its text", { 4: { ControlId: 4, Value: '3' } }, true, { 'answers.4': 'Color is a required field.' }],
    ['a partial address', { 5: { ControlId: 5, City: 'Portland' } }, true, { 'answers.5': 'Address is a required field.' }],
  ])('%s', (_, answers, submit, want) => {
    expect(checkForm(form, { ...base, ...answers }, submit)).toEqual(want);
  });
});

describe('answerList', () => {
  it("sends only answered questions and the 'Other' text only when 'Other' is chosen", () => {
    expect(answerList(form, { ...base, 3: { ControlId: 3, Value: '' }, 4: { ControlId: 4, Value: '1', OtherValue: 'Green' } })).toEqual([
      { ControlId: 1, Value: 'Good' },
      { ControlId: 2, Value: 'pw12345', ConfirmValue: 'pw12345' },
      { ControlId: 4, Value: '1' },
    ]);
    expect(answerList(form, {})).toEqual([]);
  });
});
