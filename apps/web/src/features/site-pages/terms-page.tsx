// Terms of service (footer): the rules of the prepaid service in plain words.
import { SUPPORT_EMAIL } from '../../lib/support';
import { SitePage } from './site-page';

export function TermsPage() {
  return (
    <SitePage title="Terms of service" intro="The rules of using Kurir, in plain words.">
      <h2>The service</h2>
      <p>
        Kurir sends SMS and Viber messages on your behalf, paid from a prepaid euro balance. Prices are shown before you send and on the
        Products page; they include tax.
      </p>
      <h2>Your balance</h2>
      <p>
        Top-ups are credited once the payment succeeds. Balance does not expire. Messages that fail, and scheduled messages you cancel, are
        refunded to your balance automatically.
      </p>
      <h2>What you may send</h2>
      <p>
        Send only to people who agreed to hear from you, and only lawful content. No spam, phishing or impersonation: a custom sender name must
        be a name you have the right to use, and it is approved by our team before use. We may suspend an account that breaks these rules.
      </p>
      <h2>Add-on services</h2>
      <p>
        Services bought on the Products page run for the period shown on their card and end on their expiry date unless bought again. A
        denied custom sender name can be submitted again free of charge.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </SitePage>
  );
}
