// A list while it loads: grey blocks in the shape of its rows or cards, so the page keeps its
// layout when the data arrives (no jump, no layout shift), and a screen reader hears "Loading".
import { Box, SimpleGrid, Skeleton, Stack, type SimpleGridProps } from '@mantine/core';

type Props = {
  /** What is loading, for screen readers ('Loading contacts'). */
  label: string;
  count: number;
  /** Each block's height in px: a row's or a card's. */
  height: number;
  /** Cards in a grid (the grid's columns); rows in a stack without. */
  cols?: SimpleGridProps['cols'];
};

export function ListSkeleton({ label, count, height, cols }: Props) {
  const blocks = Array.from({ length: count }, (_, i) => <Skeleton key={i} h={height} radius={cols ? 'lg' : 'sm'} />);
  return (
    <Box role="status" aria-label={label} aria-busy>
      {cols ? (
        <SimpleGrid cols={cols} spacing="lg">
          {blocks}
        </SimpleGrid>
      ) : (
        <Stack gap={6}>{blocks}</Stack>
      )}
    </Box>
  );
}
