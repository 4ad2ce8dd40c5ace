// The one form pattern: Mantine's useForm, validated by the @kurir/core zod schema the server
// parses the same body with (Mantine's Standard Schema resolver: first issue per field, under
// the field's path), and submitted with the schema's output (trimmed, normalised), so a form
// never hand-converts zod issues into field errors.
//
//   const form = useForm({ initialValues: { name: '' }, ...schemaForm(phonebookBodySchema) });
//   <form onSubmit={form.onSubmit((body) => save.mutate(body))}>
//     <TextInput {...form.getInputProps('name')} />
//
// When the fields are not the body itself (the top-up dialog's preset-or-custom amount), pass
// `toBody`: the schema checks the body made from the fields, and its errors sit under the body's
// paths (`form.errors.amount`).
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

type ObjectSchema = z.ZodType<unknown, Record<string, unknown>>;

export function schemaForm<Schema extends ObjectSchema, Values = z.input<Schema>>(
  schema: Schema,
  toBody: (values: Values) => z.input<Schema> = (values) => values as z.input<Schema>,
) {
  const resolve = schemaResolver(schema, { sync: true });
  return {
    validate: (values: Values) => resolve(toBody(values)),
    /** Runs only after validation passed, so parse cannot throw here. */
    transformValues: (values: Values): z.output<Schema> => schema.parse(toBody(values)),
  };
}
