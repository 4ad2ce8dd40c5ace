// The verify page with the dev outbox's hint (two features meet here, in the app layer).
import { VerifyPage } from '../../features/auth/verify-page';
import { OutboxHint } from '../../features/dev-outbox/outbox-hint';

export function VerifyRoute() {
  return <VerifyPage hint={OutboxHint} />;
}
