// One clean, professional look: an indigo-violet brand colour, system fonts (the CSP allows no
// external font files), rounded corners and quiet shadows.
import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

const brand: MantineColorsTuple = [
  '#eef1ff',
  '#dbe0ff',
  '#b5bdf7',
  '#8c98f0',
  '#6a79ea',
  '#5465e7',
  '#4859e6',
  '#3a4acd',
  '#3141b8',
  '#2537a3',
];

// WCAG AA contrast (4.5:1 for text). Mantine's defaults fall short: dimmed text is gray.6
// (#868e96, 3.3:1 on white), light badges and buttons write in shade 6 (teal 2.4:1, orange 2.6:1),
// filled yellow/teal/orange put white text on a light shade. Text moves to shades 7–9.
const LIGHT_TEXT_SHADE = 9;
const FILLED_SAFE_SHADE = 8;
const WARM = new Set(['yellow', 'orange', 'lime']);
const PALE_FILLS = new Set(['yellow', 'lime', 'teal', 'green', 'cyan', 'orange', 'gray']);

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  const shade = (n: number) => `var(--mantine-color-${parsed.color}-${n})`;
  // Yellow, orange and lime stay under 4.5:1 even at shade 9: their text is darkened further.
  const textColor = WARM.has(parsed.color) ? darken(input.theme.colors[parsed.color]![9], 0.4) : shade(LIGHT_TEXT_SHADE);
  if (input.variant === 'light') return { ...colors, background: shade(0), hover: shade(1), color: textColor };
  if (input.variant === 'subtle') return { ...colors, color: textColor };
  if (input.variant === 'outline') return { ...colors, color: shade(LIGHT_TEXT_SHADE - 1), border: `1px solid ${shade(LIGHT_TEXT_SHADE - 1)}` };
  if ((input.variant ?? 'filled') === 'filled' && PALE_FILLS.has(parsed.color)) {
    return { ...colors, background: shade(FILLED_SAFE_SHADE), hover: shade(FILLED_SAFE_SHADE + 1), color: 'var(--mantine-color-white)' };
  }
  return colors;
};

/** Darker dimmed and placeholder text than Mantine's default (see above). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    // #6c757d: 4.7:1 on white, still lighter than a value.
    '--mantine-color-placeholder': '#6c757d',
    '--input-placeholder-color': '#6c757d',
  },
  dark: {},
});

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: { light: 6, dark: 4 },
  colors: { brand },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily:
      'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '700',
  },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Card: { defaultProps: { withBorder: true, radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Mantine's close button is an icon: without a name a screen reader announces a bare 'button'.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});
