// Below Mantine's `sm` breakpoint the Users page shows cards instead of a table and dialogs fill
// the screen.
import { useMediaQuery } from '@mantine/hooks';

export const usePhone = () => useMediaQuery('(max-width: 48em)') ?? false;
