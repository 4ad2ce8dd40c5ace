// Step 1 of a top-up: a preset or a custom amount (spec §2, §5, §9: €10, €20, €50, €100; €20 first).
import { Button, NumberInput, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { TOP_UP_MAX_EUROS, TOP_UP_MIN_EUROS, TOP_UP_PRESETS_EUROS } from '@kurir/core';
import classes from './top-up-amount-step.module.css';

export const CUSTOM = 'custom';

const presets = TOP_UP_PRESETS_EUROS.map((euros) => ({ value: String(euros), label: `€${euros}` }));

type Props = {
  choice: string;
  onChoice: (choice: string) => void;
  custom: string | number;
  onCustom: (value: string | number) => void;
  error: string | null;
  loading: boolean;
  onContinue: () => void;
};

export function TopUpAmountStep({ choice, onChoice, custom, onCustom, error, loading, onContinue }: Props) {
  const isCustom = choice === CUSTOM;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          Choose how much credit to add. Credits never expire.
        </Text>
        <Radio.Group value={choice} onChange={onChoice} aria-label="Amount">
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
            onChange={onCustom}
            error={error}
          />
        )}
        {!isCustom && error && (
          <Text c="red" fz="sm" role="alert">
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
