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
//
// A form that is a page's first screen (sign-in, registration) takes its schema with
// useSchemaAfterPaint, so the page shows without waiting for zod.
import { schemaResolver } from '@mantine/form';
import { useEffect, useState } from 'react';
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

/**
 * A form's schema imported once the form is on screen, not before it: zod is 26 KB gzip, an
 * eighth of what a phone downloads before the sign-in page appears. Undefined until it is in
 * (a moment after the page shows); the form's submit button waits for it.
 */
export function useSchemaAfterPaint<Schema>(load: () => Promise<Schema>): Schema | undefined {
  const [schema, setSchema] = useState<Schema>();
  useEffect(() => {
    let mounted = true;
    // Two frames on: the first frame's callbacks run before it paints, the second's after.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        void load().then((loaded) => {
          if (mounted) setSchema(() => loaded);
        });
      });
    });
    return () => {
      mounted = false;
      cancelAnimationFrame(frame);
    };
  }, [load]);
  return schema;
}
