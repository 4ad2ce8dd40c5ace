// Step 1 of a top-up: a preset or a custom amount (spec §2, §5, §9: €10, €20, €50, €100; €20 first).
import { Button, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TOP_UP_MAX_EUROS, TOP_UP_MIN_EUROS, type TopUpBody } from '@kurir/core/schemas/payments';
import { TOP_UP_PRESETS_EUROS } from '@kurir/core/constants';
import classes from './top-up-amount-step.module.css';

export const CUSTOM = 'custom';

const presets = TOP_UP_PRESETS_EUROS.map((euros) => ({ value: String(euros), label: `€${euros}` }));

/** A preset (its euros as text) or CUSTOM with the typed amount. */
export type AmountFields = { choice: string; custom: string | number };

/** The body the server takes: the chosen euros (NaN when nothing was typed, which the schema refuses). */
export function amountBody({ choice, custom }: AmountFields): TopUpBody {
  const raw = choice === CUSTOM ? custom : choice;
  return { amount: raw === '' ? Number.NaN : Number(raw) };
}

type Props = {
  form: UseFormReturnType<AmountFields, TopUpBody>;
  loading: boolean;
  onContinue: (body: TopUpBody) => void;
};

export function TopUpAmountStep({ form, loading, onContinue }: Props) {
  const { choice, custom } = form.values;
  const isCustom = choice === CUSTOM;
  const error = form.errors.amount ?? null;
  // The amount's error belongs to both fields: changing either clears it.
  const change = (field: keyof AmountFields, value: string | number) => {
    form.setFieldValue(field, value);
    form.clearFieldError('amount');
  };
  return (
    <form onSubmit={form.onSubmit(onContinue)} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Choose how much credit to add. Credits never expire.
        </Text>
        <Radio.Group value={choice} onChange={(value) => change('choice', value)} aria-label="Amount">
          <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
            {presets.map((c) => (
              <Radio.Card key={c.value} value={c.value} className={classes.choice}>
                {c.label}
              </Radio.Card>
            ))}
          </SimpleGrid>
          <Radio.Card value={CUSTOM} className={classes.choice} mt="xs">
            Custom
          </Radio.Card>
        </Radio.Group>
        {isCustom && (
          <NumberInput
            label="Custom amount"
            description={`From €${TOP_UP_MIN_EUROS} to €${TOP_UP_MAX_EUROS.toLocaleString('en')}`}
            placeholder="e.g. 35"
            prefix="€"
            min={0}
            max={TOP_UP_MAX_EUROS}
            decimalScale={2}
            allowNegative={false}
            hideControls
            autoFocus
            value={custom}
            onChange={(value) => change('custom', value)}
            error={error}
          />
        )}
        {!isCustom && error && (
          <Text c="red.9" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" fullWidth size="md" loading={loading} disabled={isCustom && custom === ''}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}
