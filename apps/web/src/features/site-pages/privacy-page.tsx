// Privacy policy (footer): what Kurir keeps about a customer and their recipients, and why.
import { SUPPORT_EMAIL } from '../../lib/support';
import { SitePage } from './site-page';

export function PrivacyPage() {
  return (
    <SitePage title="Privacy policy" intro="What we keep, why we keep it, and how to have it removed.">
      <h2>What we keep</h2>
      <ul>
        <li>Your account: phone number, and the name, email, company and address details you choose to add in your profile.</li>
        <li>What you send: each message, its recipients, channel, status and price, so you can see your history and we can settle charges.</li>
        <li>Your contacts: the phonebooks you create or import (names, numbers, emails and notes).</li>
        <li>Payments: the amount and result of each top-up. Card details go to our payment provider and never reach our servers.</li>
        <li>Sign-in: a session cookie that keeps you signed in, and short-lived one-time codes.</li>
      </ul>
      <h2>Why</h2>
      <p>
        Only to run the service: to deliver your messages through mobile networks and Viber, to keep your balance correct, to answer support
        requests and to meet our legal duties (for example, keeping invoices). We do not sell data and we do not use your contacts for our own
        messages.
      </p>
      <h2>Cookies</h2>
      <p>We set one cookie, the session cookie that keeps you signed in. There are no advertising or tracking cookies.</p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your profile at any time. To receive a copy of your data or to have your account and its data deleted, write
        to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the email on your profile or mention your account's phone number.
      </p>
    </SitePage>
  );
}
