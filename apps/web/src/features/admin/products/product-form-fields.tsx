// The fields of the product dialog, in three groups: what it is, what it costs, when and how it
// shows. Price and tax fields turn a typed comma into a dot; 'Never expires' disables Valid To.
import { Checkbox, Group, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PRODUCT_ICON_TYPES, PRODUCT_STATUSES, PRODUCT_TYPE_VALUES, type ProductInput } from '@kurir/core';
import { commaToDot, type DECIMAL_FIELDS, type ProductFormValues } from './product-form';
import { PRODUCT_TYPE_LABELS } from './product-labels';

type Form = UseFormReturnType<ProductFormValues, ProductInput>;

const typeOptions = PRODUCT_TYPE_VALUES.map((value) => ({ value, label: PRODUCT_TYPE_LABELS[value] }));
const statusOptions = PRODUCT_STATUSES.map((value) => ({ value, label: value === 'active' ? 'Active' : 'Inactive' }));
const iconOptions = PRODUCT_ICON_TYPES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

function DecimalField({ form, field, label, suffix }: { form: Form; field: (typeof DECIMAL_FIELDS)[number]; label: string; suffix: string }) {
  const props = form.getInputProps(field);
  return (
    <TextInput
      label={label}
      required
      inputMode="decimal"
      rightSection={suffix}
      rightSectionWidth={suffix.length > 1 ? 44 : 28}
      {...props}
      onChange={(event) => form.setFieldValue(field, commaToDot(event.currentTarget.value))}
    />
  );
}

/** `retired`: the product was deleted after it was bought; saving it Active puts it back on sale. */
export function ProductFormFields({ form, retired = false }: { form: Form; retired?: boolean }) {
  const neverExpires = form.values.never_expires;
  return (
    <>
      <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
      <Textarea label="Description" required autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select label="Type" required data={typeOptions} allowDeselect={false} {...form.getInputProps('type')} />
        <Select
          label="Status"
          required
          data={statusOptions}
          allowDeselect={false}
          description={retired ? 'Retired: Active puts it back on sale' : undefined}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DecimalField form={form} field="net_buy_price" label="Net buy price" suffix="€" />
        <DecimalField form={form} field="buy_tax_rate" label="Buy tax rate" suffix="%" />
        <DecimalField form={form} field="net_sell_price" label="Net sell price" suffix="€" />
        <DecimalField form={form} field="sell_tax_rate" label="Sell tax rate" suffix="%" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Valid from" type="date" required {...form.getInputProps('valid_from')} />
        <TextInput label="Valid to" type="date" disabled={neverExpires} {...form.getInputProps('valid_to')} />
      </SimpleGrid>
      <Checkbox
        label="Never expires"
        {...form.getInputProps('never_expires', { type: 'checkbox' })}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          form.setFieldValue('never_expires', checked);
          if (checked) form.setFieldValue('valid_to', '');
        }}
      />
      <Group grow align="flex-end">
        <Select label="Icon" data={iconOptions} allowDeselect={false} {...form.getInputProps('icon_type')} />
        <Switch
          label="Visible in dashboard"
          mb={8}
          {...form.getInputProps('visible_in_dashboard', { type: 'checkbox' })}
        />
      </Group>
    </>
  );
}
