import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { PRODUCT_NAME } from '@kurir/core/constants';

/** The Kurir mark: a message bubble with a delivered tick (the same drawing as the favicon). */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Each mark needs its own gradient id: a reference to an id inside a hidden copy (the
  // desktop/mobile variants) would not paint.
  const gradientId = `kurir-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5c7cfa" />
          <stop offset="1" stopColor="#3b2fc9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path
        d="M16 20a6 6 0 0 1 6-6h20a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h0a6 6 0 0 1-5-6z"
        fill="#fff"
      />
      <path
        d="M25 27.5l5 5 9-10"
        fill="none"
        stroke="#3b2fc9"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={800} fz={size * 0.7} lh={1} c="var(--mantine-color-text)" style={{ letterSpacing: '-0.02em' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
