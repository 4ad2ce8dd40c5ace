// Help and FAQ (footer): what a customer asks before and after the first send. The figures come
// from @kurir/core, the same rules the send form and the server use.
import { PART_CAPACITY } from '@kurir/core/sms';
import { STARTER_CREDIT_EUROS } from '@kurir/core/constants';
import { formatEuros } from '../../lib/money-format';
import { SUPPORT_EMAIL } from '../../lib/support';
import { SitePage } from './site-page';

export function HelpPage() {
  return (
    <SitePage title="Help and FAQ" intro="Answers to what customers ask most. Anything else: write to us and a person answers.">
      <h2>Pricing</h2>
      <h3>How am I charged?</h3>
      <p>
        You pay from a prepaid euro balance; there is no subscription. Every account starts with {formatEuros(STARTER_CREDIT_EUROS)} of free
        credit, and you top up by card from the dashboard. An SMS costs the SMS price per part and per recipient; a Viber message costs the Viber
        price per recipient. The Send page shows the exact total before you send, and the price is taken when the message is accepted.
      </p>
      <h3>What do add-on services cost?</h3>
      <p>
        Viber, Schedule send, Phonebooks and a Custom sender name are bought on the Products page from your balance. Each card there shows the
        price with tax and how long the service lasts.
      </p>

      <h2>Segments and Unicode</h2>
      <h3>Why does my message count as several SMS?</h3>
      <p>
        An SMS carries {PART_CAPACITY.gsm.single} characters of the standard GSM alphabet. A longer message is sent in parts of{' '}
        {PART_CAPACITY.gsm.multi} characters each (the rest of each part joins the pieces back together on the phone), and each part is
        charged.
      </p>
      <h3>Why did the limit drop to {PART_CAPACITY.unicode.single} characters?</h3>
      <p>
        Characters outside the GSM alphabet (emoji, Cyrillic, and letters such as š, đ, ž, ć, č) switch the whole message to Unicode, which
        fits {PART_CAPACITY.unicode.single} characters in one SMS and {PART_CAPACITY.unicode.multi} per part when longer. The counter under
        the message box shows the encoding and the number of parts as you type.
      </p>

      <h2>Delivery statuses</h2>
      <ul>
        <li>
          <strong>Scheduled</strong>: waiting for the time you chose; you can still cancel it.
        </li>
        <li>
          <strong>Pending</strong>: accepted by Kurir and queued for the network.
        </li>
        <li>
          <strong>Sent</strong>: handed to the mobile network; waiting for the phone to confirm.
        </li>
        <li>
          <strong>Delivered</strong>: the phone confirmed it received the message.
        </li>
        <li>
          <strong>Failed</strong>: the network could not deliver it; History shows the reason.
        </li>
        <li>
          <strong>Deleted</strong>: a scheduled message you cancelled.
        </li>
      </ul>

      <h2>Refunds</h2>
      <p>
        A message that fails, and a scheduled message you cancel, is refunded to your balance in full, automatically. A Viber message holds the
        price of its SMS fallback when you send it; when it is delivered on Viber, you pay the Viber price and the difference comes back to
        your balance. Every refund is listed in your recent transactions. Balance you topped up does not expire; to have unused balance paid
        back, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>Contact</h2>
      <p>
        Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> with the phone number of your account. See also the{' '}
        <a href="/privacy">Privacy policy</a> and the <a href="/terms">Terms of service</a>.
      </p>
    </SitePage>
  );
}
