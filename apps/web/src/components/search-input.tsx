// The search box of the admin lists: a magnifier, the text, and a clear button once there is
// text (clearing is a step of its own: the lists go back to their first page).
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  onClear?: () => void;
};

export function SearchInput({ value, onChange, onClear, ...rest }: Props) {
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => (onClear ? onClear() : onChange(''))} /> : null
      }
      {...rest}
    />
  );
}
