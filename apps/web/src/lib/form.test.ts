import { describe, expect, it } from 'vitest';
import { contactBodySchema } from '@kurir/core/schemas/phonebooks';
import { topUpBodySchema } from '@kurir/core/schemas/payments';
import { schemaForm } from './form';

describe('schemaForm: a core schema as a Mantine form validator', () => {
  const contact = schemaForm(contactBodySchema);
  const blank = { name: '', phone_number: '', email: '', notes: '' };

  it('puts the first message of each field under its name, and nothing when valid', () => {
    const errors = contact.validate({ ...blank, phone_number: '12' });
    expect(Object.keys(errors).sort()).toEqual(['name', 'phone_number']);
    expect(typeof errors.name).toBe('string');
    expect(contact.validate({ ...blank, name: 'Ana', phone_number: '+386 40 123 456' })).toEqual({});
  });

  it("submits the schema's output: the number normalised as the server stores it", () => {
    expect(contact.transformValues({ ...blank, name: 'Ana', phone_number: '00386 40 123 456' })).toMatchObject({
      name: 'Ana',
      phone_number: '+38640123456',
    });
  });

  it('checks a body made from other fields, with errors under the body paths', () => {
    type Fields = { choice: string; custom: string };
    const amount = schemaForm(topUpBodySchema, (f: Fields) => ({ amount: Number(f.choice === 'custom' ? f.custom : f.choice) }));
    expect(amount.validate({ choice: '20', custom: '' })).toEqual({});
    expect(amount.validate({ choice: 'custom', custom: '0.5' })).toEqual({ amount: expect.any(String) });
    expect(amount.transformValues({ choice: 'custom', custom: '35' })).toEqual({ amount: 35 });
  });
});
