// The one form pattern: Mantine's useForm, validated by the @kurir/core zod schema the server
// parses the same body with (Mantine's Standard Schema resolver: first issue per field, under
// the field's path), and submitted with the schema's output (trimmed, normalised), so a form
// never hand-converts zod issues into field errors.
//
//   const form = useForm({ initialValues: { name: '' }, ...schemaForm(phonebookBodySchema) });
//   <form onSubmit={form.onSubmit((body) => save.mutate(body))}>
//     <TextInput {...form.getInputProps('name')} />
import { schemaResolver } from '@mantine/form';
import type { z } from 'zod';

export function schemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(schema: Schema) {
  return {
    validate: schemaResolver(schema, { sync: true }),
    /** Runs only after validation passed, so parse cannot throw here. */
    transformValues: (values: z.input<Schema>): z.output<Schema> => schema.parse(values),
  };
}
