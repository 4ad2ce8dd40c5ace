// /dashboard/send-sms (spec §2, §4, §5, §7, §9): choose channel and recipients, write the text,
// see the price, send now or schedule. The server checks and charges with the same core rules.
// The page wires four hooks together: the draft (what was chosen and typed), the recipients (how
// many, counted as they were given), the price, and the submit.
import { Alert, Anchor, Button, Card, Grid, Stack } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatEuros as formatMicros } from '@kurir/core/money';
import { analyzeMessage } from '@kurir/core/sms';
import { type User } from '@kurir/core/schemas/auth';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageHeader } from '../../../components/page-header';
import { useSignedInUser } from '../../../lib/session/signed-in-user';
import { toast } from '../../../lib/toast';
import { ChannelPicker } from './channel-picker';
import { CostSummary } from './cost-summary';
import { MessageBox } from './message-box';
import { RecipientsTabs } from './recipients-tabs';
import { ScheduleField } from './schedule-field';
import { TemplatePicker } from './template-picker';
import { messageProblem, scheduleProblem } from './send-form';
import { useSendDraft, type SendDraft } from './use-send-draft';
import { useSendPrice } from './use-send-price';
import { useSendRecipients, type SendRecipients } from './use-send-recipients';
import { reviewedSend, useSubmitSend, type ReviewedSend, type SentSummary } from './use-submit-send';
import type { SendReview } from './send-review-dialog';

// The review dialog (and the modal code under it) loads when a send is first reviewed.
const SendReviewDialog = lazyDialog(() => import('./send-review-dialog').then((m) => m.SendReviewDialog), (p) => p.review !== null);
// The AI drafts are for admins only: a customer's page does not download them.
const AiSuggestions = lazy(() => import('./ai-suggestions').then((m) => ({ default: m.AiSuggestions })));

export function SendMessagePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const draft = useSendDraft(user);
  const recipients = useSendRecipients(draft);
  const analysis = useMemo(() => analyzeMessage(draft.message), [draft.message]);
  const { quote, pricesLoaded } = useSendPrice({
    channel: draft.channel,
    recipients: recipients.count,
    parts: analysis.parts,
    creditEuros: user.credit,
  });
  const send = useSubmitSend();

  const scheduledFor = draft.scheduledAt ? dayjs(draft.scheduledAt).toDate() : null;
  const scheduleError = scheduleProblem(draft.schedule, scheduledFor, new Date());
  const canSend =
    !send.pending &&
    pricesLoaded &&
    recipients.problem === null &&
    messageProblem(draft.message) === null &&
    recipients.count > 0 &&
    quote.remaining >= 0 &&
    !(draft.schedule && !draft.scheduledAt) &&
    recipients.ready;

  // A paid send is reviewed first: the button opens the review, its Confirm sends.
  const [review, setReview] = useState<(SendReview & { send: ReviewedSend }) | null>(null);
  function openReview() {
    if (!canSend) return;
    if (scheduleError) {
      toast.error('Error sending message', scheduleError);
      return;
    }
    send.dismissSent();
    setReview({
      channel: draft.channel,
      recipients: recipients.count,
      typed: draft.mode === 'phonebook' ? [] : recipients.typed,
      phonebooks: draft.mode === 'phonebook' ? draft.phonebookIds.length : 0,
      parts: analysis.parts,
      encoding: analysis.encoding,
      scheduledFor: draft.schedule ? scheduledFor : null,
      quote,
      // Confirm sends this, not the form as it is then: a service that lapses while the review
      // is open must not turn a reviewed scheduled Viber send into an SMS sent now.
      send: reviewedSend({ draft, recipients, isAdmin: user.role === 'admin', scheduledFor, held: quote.held }),
    });
  }
  function confirm() {
    if (review) send.submit(review.send, draft.reset, () => setReview(null));
  }

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Send Message" description="Send an SMS or Viber message to one number, a list, or your phonebooks." />
      <SendReviewDialog review={review} busy={send.pending} onConfirm={confirm} onClose={() => setReview(null)} />
      {send.sent && <SentNotice sent={send.sent} onClose={send.dismissSent} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ComposeCard user={user} draft={draft} recipients={recipients} analysis={analysis} scheduleError={scheduleError} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos="sticky" top={80}>
            <CostSummary
              channel={draft.channel}
              recipients={recipients.count}
              parts={analysis.parts}
              quote={quote}
              pricesLoaded={pricesLoaded}
            />
            <Button
              size="md"
              fullWidth
              leftSection={<IconSend size={18} aria-hidden />}
              disabled={!canSend}
              loading={send.pending}
              onClick={openReview}
            >
              {draft.schedule ? 'Schedule Send' : 'Send Now'}
            </Button>
            <Button
              variant="default"
              fullWidth
              onClick={() => {
                draft.reset();
                navigate('/dashboard');
              }}
            >
              Cancel
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** After a send: what went out and what it cost, with the way to follow it. */
function SentNotice({ sent, onClose }: { sent: SentSummary; onClose: () => void }) {
  const where = sent.scheduled ? '/dashboard/scheduled-messages' : '/dashboard/messages';
  return (
    <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={onClose} data-testid="sent-notice">
      {sent.count === 1 ? '1 message' : `${sent.count} messages`} {sent.scheduled ? 'scheduled' : 'on the way'},{' '}
      {formatMicros(Math.round(sent.cost * 1_000_000), 6)} taken from your balance.{' '}
      <Anchor component={Link} to={where} fz="sm">
        {sent.scheduled ? 'See them waiting for their time' : 'See their delivery status'}
      </Anchor>
    </Alert>
  );
}

type ComposeProps = {
  user: User;
  draft: SendDraft;
  recipients: SendRecipients;
  analysis: ReturnType<typeof analyzeMessage>;
  scheduleError: string | null;
};

/** The left column: channel, recipients, text, an admin's AI drafts, and the schedule. */
function ComposeCard({ user, draft, recipients, analysis, scheduleError }: ComposeProps) {
  const messageError = messageProblem(draft.message);
  const pickTemplate = (content: string) => {
    draft.setMessage(content);
    draft.touch('message');
  };
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <ChannelPicker value={draft.channel} onChange={draft.setChannel} viberEnabled={user.features.viber} />
        <RecipientsTabs
          mode={draft.mode}
          onModeChange={draft.setMode}
          phonebookEnabled={user.features.phonebook}
          rows={draft.rows}
          onRowsChange={draft.setRows}
          bulkText={draft.bulkText}
          onBulkTextChange={draft.setBulkText}
          phonebookIds={draft.phonebookIds}
          onPhonebookIdsChange={draft.setPhonebookIds}
          phonebookCount={recipients.phonebook}
          count={recipients.count}
          duplicates={recipients.duplicates}
          error={draft.touched.recipients ? recipients.problem : null}
          onBlur={() => draft.touch('recipients')}
        />
        <TemplatePicker onPick={pickTemplate} />
        <MessageBox
          value={draft.message}
          onChange={draft.setMessage}
          onBlur={() => draft.touch('message')}
          analysis={analysis}
          error={draft.touched.message || draft.message.length > 0 ? messageError : null}
        />
        {user.role === 'admin' && (
          <Suspense fallback={null}>
            <AiSuggestions
              messageType={draft.messageType}
              onMessageTypeChange={draft.setMessageType}
              recipient={recipients.typed[0]}
              onPick={(text) => {
                draft.setMessage(text);
                draft.touch('message');
              }}
            />
          </Suspense>
        )}
        <ScheduleField
          enabled={user.features.schedule}
          schedule={draft.schedule}
          onScheduleChange={draft.setSchedule}
          value={draft.scheduledAt}
          onChange={draft.setScheduledAt}
          error={draft.scheduledAt ? scheduleError : null}
        />
      </Stack>
    </Card>
  );
}
