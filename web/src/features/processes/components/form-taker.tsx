import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useRef, useState } from 'react';

import { isApiError } from '../../../lib/api/api-error';
import type { FormAnswer, FormControl, FormLoad, StartResult } from '../../../lib/api/types';
import { notify } from '../../../lib/notify';
import { type FormSource, useFormLoad, useFormWrite, useStartProcess } from '../api/processes';
import { FORM_COUNTRIES, REGIONS } from '../regions';
import { answerList, checkForm, FORM_MESSAGES, FORMAT_EMAIL, FORMAT_NUMBER, FORMAT_PASSWORD, type FormErrors, otherId } from '../form-checks';

type FormTakerProps = {
  /** What to load: a step's form, or a template's start form; null keeps the modal closed. */
  source: FormSource | null;
  /** The customer the process is about. */
  contactId: number;
  /** The store a start-mode form starts its process at. */
  storeId?: number;
  /** The signed-in user, sent as the form's FuzeCastUserId. */
  userId: string;
  onClose: () => void;
  /** onDone is told of a start or submit that closed the form (Outcome 0, or 100 that adds no group). */
  onDone?: (result: StartResult) => void;
};

/**
 * FormTakerModal fills in a form: the open step of a process (step mode) or the first step of a
 * template to start (start mode). Every control type of the form is shown with its answer; the
 * answers are checked as the server checks them before a call (Save skips the submit-only
 * checks), and the server's messages are shown on their questions. A further Submit while a call
 * is in progress is ignored.
 */
export function FormTakerModal({ source, contactId, storeId = 0, userId, onClose, onDone }: FormTakerProps) {
  const load = useFormLoad(source);
  const title = load.data ? `${load.data.Title || load.data.TemplateName}: ${load.data.StepName}` : 'Form';
  return (
    <Modal opened={source !== null} onClose={onClose} title={title} size="lg">
      {load.isPending ? (
        <Center py="md" role="status" aria-label="Loading the form">
          <Loader size="sm" />
        </Center>
      ) : load.isError ? (
        <Alert color="red" role="alert" title="The form could not be loaded">
          {load.error.message}
        </Alert>
      ) : (
        <FormBody key={`${load.data.StepId}-${load.data.Version}`} form={load.data} contactId={contactId} storeId={storeId} userId={userId} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

function initialAnswers(form: FormLoad): Record<number, FormAnswer> {
  const out: Record<number, FormAnswer> = {};
  for (const a of form.Answers ?? []) out[a.ControlId] = a;
  return out;
}

function FormBody({ form, contactId, storeId, userId, onClose, onDone }: { form: FormLoad } & Omit<FormTakerProps, 'source'>) {
  const [answers, setAnswers] = useState<Record<number, FormAnswer>>(() => initialAnswers(form));
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState('');
  const busy = useRef(false);
  const write = useFormWrite(contactId);
  const start = useStartProcess(contactId);
  const readOnly = form.ReadOnly;
  const failedMessage = form.Form.Type === 'form' ? FORM_MESSAGES.submitFailed : FORM_MESSAGES.saveFailed;

  const set = (id: number, a: Partial<FormAnswer>) => {
    setAnswers((prev) => ({ ...prev, [id]: { ...prev[id], ...a, ControlId: id } }));
    setErrors((prev) => {
      const next = { ...prev };
      delete next[`answers.${id}`];
      delete next[`answers.${id}.ConfirmValue`];
      return next;
    });
  };

  const run = async (submit: boolean) => {
    if (busy.current) return; // a call is in progress: a further submit is ignored
    setFailure('');
    if (!form.FormTemplateId || (form.Mode === 'step' && !form.StepId)) {
      setFailure(FORM_MESSAGES.invalidTemplate);
      return;
    }
    const found = checkForm(form.Form, answers, submit);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const list = answerList(form.Form, answers);
    if (list.length === 0) {
      // An empty answer list makes no call.
      notify('info', 'Answer at least one question first.');
      return;
    }
    busy.current = true;
    try {
      let result: StartResult;
      if (form.Mode === 'start') {
        result = await start.mutateAsync({
          templateId: form.WorkflowTemplateId,
          storeId: storeId ?? 0,
          body: {
            TemplateId: form.WorkflowTemplateId,
            PlatformId: storeId,
            ContactId: contactId,
            Title: form.Title,
            Form: { Answers: list, PlatformId: storeId, FormTemplateId: form.FormTemplateId, FuzeCastUserId: userId },
          },
        });
        if (result.Outcome !== 0) {
          setFailure(FORM_MESSAGES.startFailed);
          return;
        }
      } else {
        result = await write.mutateAsync({
          submit,
          body: { FormTemplateId: form.FormTemplateId, WorkflowTemplateId: form.WorkflowTemplateId, FuzeCastUserId: userId, StepId: form.StepId, Answers: list, Version: form.Version },
        });
        if (!submit) {
          notify('success', 'Your answers were saved.');
          onClose();
          return;
        }
        if (!((result.Outcome === 0 || result.Outcome === 100) && result.GroupId)) {
          setFailure(failedMessage);
          return;
        }
      }
      notify('success', result.Outcome === 100 || result.Process?.Status === 1000 ? 'The process is complete.' : 'The form was submitted.');
      onDone?.(result);
      onClose();
    } catch (err) {
      if (isApiError(err, 400) && Object.keys(err.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
        setFailure(err.messages[0] ?? failedMessage);
      } else if (isApiError(err, 409)) {
        setFailure(err.messages[0] ?? failedMessage);
      } else if (isApiError(err, 400)) {
        setFailure(err.messages[0] ?? failedMessage);
      } else {
        setFailure(form.Mode === 'start' ? FORM_MESSAGES.startFailed : failedMessage);
      }
    } finally {
      busy.current = false;
    }
  };

  const pending = write.isPending || start.isPending;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">
          Step {form.StepNumber} of {form.StepCount}
        </Badge>
        {form.IsSubmitted && <Badge color="green">Submitted</Badge>}
        <Text size="sm" c="dimmed">
          {form.TemplateName}
        </Text>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <form
        noValidate
        aria-label={form.Form.Name}
        onSubmit={(e) => {
          e.preventDefault();
          void run(true);
        }}
      >
        <Stack gap="md">
          {(form.Form.Controls ?? [])
            .filter((c) => !c.Hidden)
            .map((c) => (
              <ControlInput key={c.Id} control={c} answer={answers[c.Id]} errors={errors} readOnly={readOnly} onChange={(a) => set(c.Id, a)} />
            ))}
          {!readOnly && (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              {form.Mode === 'step' && (
                <Button variant="light" onClick={() => void run(false)} disabled={pending}>
                  Save
                </Button>
              )}
              <Button type="submit" loading={pending}>
                {form.Mode === 'start' ? 'Start and submit' : 'Submit'}
              </Button>
            </Group>
          )}
          {readOnly && (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  );
}

type ControlProps = {
  control: FormControl;
  answer: FormAnswer | undefined;
  errors: FormErrors;
  readOnly: boolean;
  onChange: (a: Partial<FormAnswer>) => void;
};

/** ControlInput is one question of the form, in the input its control type asks for. */
function ControlInput({ control: c, answer, errors, readOnly, onChange }: ControlProps) {
  const error = errors[`answers.${c.Id}`];
  const confirmError = errors[`answers.${c.Id}.ConfirmValue`];
  const a = answer ?? { ControlId: c.Id };
  const label = c.Label;
  const req = !!c.Required;
  const options = (c.ControlOptions ?? []).map((o) => ({ value: String(o.Id), label: o.OptionLabel }));
  const other = String(otherId(c));
  if (c.HasOther) options.push({ value: other, label: 'Other' });
  const otherInput = (chosen: boolean) =>
    chosen ? (
      <TextInput label={`${label}: other`} value={a.OtherValue ?? ''} readOnly={readOnly} onChange={(e) => onChange({ OtherValue: e.currentTarget.value })} />
    ) : null;

  switch (c.InputType) {
    case 'ShortAnswer':
      if (c.InputFormatType === FORMAT_PASSWORD) {
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput label={label} withAsterisk={req} value={a.Value ?? ''} error={error} readOnly={readOnly} onChange={(e) => onChange({ Value: e.currentTarget.value })} />
            <PasswordInput label={`Confirm ${label.toLowerCase()}`} value={a.ConfirmValue ?? ''} error={confirmError} readOnly={readOnly} onChange={(e) => onChange({ ConfirmValue: e.currentTarget.value })} />
          </SimpleGrid>
        );
      }
      if (c.InputFormatType === FORMAT_EMAIL) {
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="email" label={label} withAsterisk={req} value={a.Value ?? ''} error={error} readOnly={readOnly} onChange={(e) => onChange({ Value: e.currentTarget.value })} />
            <TextInput type="email" label={`Confirm ${label.toLowerCase()}`} value={a.ConfirmValue ?? ''} error={confirmError} readOnly={readOnly} onChange={(e) => onChange({ ConfirmValue: e.currentTarget.value })} />
          </SimpleGrid>
        );
      }
      return (
        <TextInput
          label={label}
          withAsterisk={req}
          inputMode={c.InputFormatType === FORMAT_NUMBER ? 'decimal' : undefined}
          value={a.Value ?? ''}
          error={error}
          readOnly={readOnly}
          onChange={(e) => onChange({ Value: e.currentTarget.value })}
        />
      );
    case 'LongAnswer':
      return <Textarea label={label} withAsterisk={req} rows={3} value={a.Value ?? ''} error={error} readOnly={readOnly} onChange={(e) => onChange({ Value: e.currentTarget.value })} />;
    case 'ShortName':
    case 'FullName': {
      const n = a.Name ?? {};
      const part = (key: 'Title' | 'First' | 'Middle' | 'Last' | 'Suffix', partLabel: string) => (
        <TextInput label={`${label}: ${partLabel}`} value={n[key] ?? ''} readOnly={readOnly} onChange={(e) => onChange({ Name: { ...n, [key]: e.currentTarget.value } })} />
      );
      return (
        <Stack gap={4} role="group" aria-label={label}>
          <Text size="sm" fw={500}>
            {label}
            {req && ' *'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: c.InputType === 'FullName' ? 3 : 2 }}>
            {c.InputType === 'FullName' && part('Title', 'title')}
            {part('First', 'first name')}
            {c.InputType === 'FullName' && part('Middle', 'middle name')}
            {part('Last', 'last name')}
            {c.InputType === 'FullName' && part('Suffix', 'suffix')}
          </SimpleGrid>
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
    case 'Address': {
      const country = a.Country ?? '';
      return (
        <Stack gap={4} role="group" aria-label={label}>
          <Text size="sm" fw={500}>
            {label}
            {req && ' *'}
          </Text>
          <TextInput label={`${label}: line 1`} value={a.AddressLine1 ?? ''} readOnly={readOnly} onChange={(e) => onChange({ AddressLine1: e.currentTarget.value })} />
          <TextInput label={`${label}: line 2`} value={a.AddressLine2 ?? ''} readOnly={readOnly} onChange={(e) => onChange({ AddressLine2: e.currentTarget.value })} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={`${label}: city`} value={a.City ?? ''} readOnly={readOnly} onChange={(e) => onChange({ City: e.currentTarget.value })} />
            <Select
              label={`${label}: country`}
              data={[...FORM_COUNTRIES]}
              value={country || null}
              readOnly={readOnly}
              onChange={(v) => onChange({ Country: v ?? '', StateProvince: '' })}
            />
            <Select
              label={`${label}: state or province`}
              data={REGIONS[country] ?? []}
              value={a.StateProvince || null}
              searchable
              readOnly={readOnly}
              disabled={!country}
              onChange={(v) => onChange({ StateProvince: v ?? '' })}
            />
            <TextInput label={`${label}: ZIP or postal code`} value={a.Zip ?? ''} readOnly={readOnly} onChange={(e) => onChange({ Zip: e.currentTarget.value })} />
          </SimpleGrid>
          {error && (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
    case 'Date':
      return (
        <TextInput
          type="date"
          label={label}
          withAsterisk={req}
          value={toDateInput(a.Value)}
          error={error}
          readOnly={readOnly}
          onChange={(e) => onChange({ Value: fromDateInput(e.currentTarget.value) })}
        />
      );
    case 'Time':
      return <TextInput type="time" label={label} withAsterisk={req} value={a.Value ?? ''} error={error} readOnly={readOnly} onChange={(e) => onChange({ Value: e.currentTarget.value })} />;
    case 'SingleSelectDropDown':
      return (
        <Stack gap={4}>
          <Select label={label} withAsterisk={req} data={options} value={a.Value || null} error={error} readOnly={readOnly} clearable onChange={(v) => onChange({ Value: v ?? '' })} />
          {otherInput(!!c.HasOther && a.Value === other)}
        </Stack>
      );
    case 'SingleSelectRadio':
      return (
        <Stack gap={4}>
          <Radio.Group label={label} withAsterisk={req} value={a.Value ?? ''} error={error} onChange={(v) => !readOnly && onChange({ Value: v })}>
            <Group gap="md" mt={4}>
              {options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} disabled={readOnly} />
              ))}
            </Group>
          </Radio.Group>
          {otherInput(!!c.HasOther && a.Value === other)}
        </Stack>
      );
    case 'MultiSelection':
      return (
        <Stack gap={4}>
          <Checkbox.Group label={label} withAsterisk={req} value={a.Values ?? []} error={error} onChange={(v) => !readOnly && onChange({ Values: v })}>
            <Group gap="md" mt={4}>
              {options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={o.label} disabled={readOnly} />
              ))}
            </Group>
          </Checkbox.Group>
          {otherInput(!!c.HasOther && (a.Values ?? []).includes(other))}
        </Stack>
      );
  }
  return null;
}

/** toDateInput shows a stored timestamp as the date input's YYYY-MM-DD. */
function toDateInput(v: string | undefined): string {
  return v ? v.slice(0, 10) : '';
}

/** fromDateInput turns the date input's YYYY-MM-DD into a timestamp at local midnight with its offset. */
function fromDateInput(v: string): string {
  if (!v) return '';
  const d = new Date(`${v}T00:00:00`);
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  return `${v}T00:00:00${sign}${pad(off / 60)}:${pad(off % 60)}`;
}
