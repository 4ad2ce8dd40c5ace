import { Center, Loader } from '@mantine/core';

/** The centred spinner shown while the session is being looked up. */
export function FullPageLoader() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Loader size="lg" aria-label="Loading" />
    </Center>
  );
}
