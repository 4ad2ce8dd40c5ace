// The public site's frame (header, main, footer) without the router, so the landing page's own
// entry (landing-main.tsx) can use it with React and a few Mantine components only.
import type { ReactNode } from 'react';
import { SkipLink } from '../../components/skip-link';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1}>
        {children}
      </main>
      <PublicFooter />
    </>
  );
}
