// One submit at a time. A mutation's isPending reaches its button a timer later (TanStack Query
// notifies observers through setTimeout), and the browser runs a second click before timers, so
// `loading` alone lets a quick double click send twice: two purchases, two sends, two phonebooks.
import type { MutateOptions } from '@tanstack/react-query';
import { useState } from 'react';

/** Runs `start` unless the run before it has not called its `release` yet; says whether it ran. */
export function singleFlight() {
  let running = false;
  return function run(start: (release: () => void) => void): boolean {
    if (running) return false;
    running = true;
    start(() => {
      running = false;
    });
    return true;
  };
}

type Mutation<TData, TError, TVariables, TContext> = {
  mutate: (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void;
};

/** The mutation's `mutate`, ignoring a call while the one before it has not settled. */
export function useSingleSubmit<TData, TError, TVariables, TContext>(mutation: Mutation<TData, TError, TVariables, TContext>) {
  const [run] = useState(singleFlight);
  return (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) =>
    run((release) =>
      mutation.mutate(variables, {
        ...options,
        onSettled: (...settled) => {
          release();
          options?.onSettled?.(...settled);
        },
      }),
    );
}
