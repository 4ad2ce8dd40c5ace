// One profile field: an input while editing, the same input read-only otherwise, so the page does
// not jump between the two modes.
import { NativeSelect, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FormErrors } from '@mantine/form';
import type { ProfileFormValues } from './profile-form';

export type FieldContext = {
  editing: boolean;
  values: ProfileFormValues;
  errors: FormErrors;
  onChange: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void;
};

type TextFieldProps = {
  ctx: FieldContext;
  name: keyof ProfileFormValues;
  label: string;
  type?: string;
  autoComplete?: string;
  description?: ReactNode;
};

export function ProfileTextField({ ctx, name, label, type, autoComplete, description }: TextFieldProps) {
  return (
    <TextInput
      label={label}
      type={type}
      autoComplete={autoComplete}
      description={description}
      value={ctx.values[name]}
      onChange={(event) => ctx.onChange(name, event.currentTarget.value)}
      readOnly={!ctx.editing}
      variant={ctx.editing ? 'default' : 'filled'}
      placeholder={ctx.editing ? undefined : 'Not set'}
      error={ctx.errors[name]}
    />
  );
}

/**
 * Phone and sender name: shown, never edited here (spec §2). Read-only rather than disabled, so
 * the value keeps full contrast and can be selected and copied; the description says why it is fixed.
 */
export function LockedField({ label, value, description }: { label: string; value: string; description?: ReactNode }) {
  return <TextInput label={label} value={value} description={description} readOnly variant="filled" aria-readonly />;
}

export function ChannelField({ ctx, viberEnabled, description }: { ctx: FieldContext; viberEnabled: boolean; description?: ReactNode }) {
  const current = ctx.values.primary_channel;
  const data = [
    { value: 'sms', label: 'SMS' },
    // Viber is offered only with the Viber service; a saved Viber choice whose service has ended
    // still shows, but cannot be picked again.
    ...(viberEnabled ? [{ value: 'viber', label: 'Viber' }] : current === 'viber' ? [{ value: 'viber', label: 'Viber (service inactive)', disabled: true }] : []),
  ];
  // Viewing, the channel reads like the other values; editing, it is the browser's own select.
  if (!ctx.editing) {
    const label = data.find((d) => d.value === current)?.label ?? current;
    return <TextInput label="Primary channel" value={label} readOnly variant="filled" description={description} />;
  }
  return (
    <NativeSelect
      label="Primary channel"
      data={data}
      value={current}
      onChange={(event) => ctx.onChange('primary_channel', event.currentTarget.value as ProfileFormValues['primary_channel'])}
      description={description}
      error={ctx.errors.primary_channel}
    />
  );
}
