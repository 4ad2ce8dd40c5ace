// The dashboard banner (spec §2) shown while first name, last name or email is missing. Editing
// works, so unlike the original it asks the user to fill them in rather than saying it is disabled.
// Dismissing hides it for the rest of the browser session.
import { Alert, Anchor } from '@mantine/core';
import { IconUserExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { User } from '@kurir/core/schemas/auth';
import { isProfileIncomplete } from './profile-form';

const DISMISSED_KEY = 'kurir.profileBannerDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function ProfileIncompleteBanner({ user }: { user: User }) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed || !isProfileIncomplete(user)) return null;

  function dismiss() {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the next visit to the page.
    }
  }

  return (
    <Alert
      variant="light"
      color="yellow"
      role="status"
      title="Profile information incomplete"
      icon={<IconUserExclamation size={20} />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
    >
      Please add your first name, last name and email address so we can reach you about your account.{' '}
      <Anchor component={Link} to="/dashboard/profile" fz="sm" fw={600}>
        Complete your profile
      </Anchor>
    </Alert>
  );
}
