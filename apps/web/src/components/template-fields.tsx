// The three fields every SMS template has (name, category, content), shared by the admins'
// templates page and the customers' own templates. Each form passes its own getInputProps.
import { Select, Text, TextInput, Textarea } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { MESSAGE_MAX_LENGTH, TEMPLATE_CATEGORIES } from '@kurir/core';

export const TEMPLATE_CATEGORY_LABELS: Record<(typeof TEMPLATE_CATEGORIES)[number], string> = {
  welcome: 'Welcome',
  general: 'General',
  marketing: 'Marketing',
  notification: 'Notification',
  reminder: 'Reminder',
};

const categoryOptions = TEMPLATE_CATEGORIES.map((value) => ({ value, label: TEMPLATE_CATEGORY_LABELS[value] }));

type Props = {
  inputProps: (field: 'name' | 'category' | 'content') => GetInputPropsReturnType;
  content: string;
};

export function TemplateFields({ inputProps, content }: Props) {
  return (
    <>
      <TextInput label="Name" required data-autofocus maxLength={100} {...inputProps('name')} />
      <Select label="Category" required placeholder="Choose a category" data={categoryOptions} {...inputProps('category')} />
      <div>
        <Textarea label="Content" required autosize minRows={4} maxRows={10} {...inputProps('content')} />
        <Text fz="xs" c={content.length > MESSAGE_MAX_LENGTH ? 'red' : 'dimmed'} ta="right" mt={4}>
          {content.length} / {MESSAGE_MAX_LENGTH} characters
        </Text>
      </div>
    </>
  );
}
