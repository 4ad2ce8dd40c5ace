// /dashboard/send-sms (spec §2, §4, §5, §7, §9): choose channel and recipients, write the text,
// see the price, send now or schedule. The server checks and charges with the same core rules.
import { Anchor, Button, Card, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconBrandViber, IconMessage, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEND_MESSAGES, analyzeMessage, type Channel, type MessageType, type User } from '@kurir/core';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSignedInUser } from '../../auth/signed-in-user';
import { pricingQuery } from '../api/get-pricing';
import { useSendMessage, type SendInput } from '../api/send-message';
import { AiSuggestions } from './ai-suggestions';
import { CostSummary } from './cost-summary';
import { MessageBox } from './message-box';
import { usePhonebookRecipients } from './phonebook-recipients';
import { RecipientsTabs } from './recipients-tabs';
import { ScheduleField } from './schedule-field';
import {
  messageProblem,
  parseTyped,
  quoteSend,
  recipientsProblem,
  scheduleProblem,
  typedEntries,
  unitPricesFrom,
  type RecipientMode,
} from './send-form';
import { PageHeader } from '../../../components/page-header';

/** Spec §4: Viber only if it is the user's primary channel and the Viber service is active. */
function defaultChannel(user: User): Channel {
  return user.settings.primary_channel === 'viber' && user.features.viber ? 'viber' : 'sms';
}

function failureFallback(kind: SendInput['kind'], count: number): string {
  if (kind === 'schedule') return 'Failed to schedule message';
  return count > 1 ? 'Failed to send bulk SMS messages' : 'Failed to send SMS. Please try again.';
}

export function SendMessagePage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const isAdmin = user.role === 'admin';
  const [channelChoice, setChannel] = useState<Channel>(() => defaultChannel(user));
  const [modeChoice, setMode] = useState<RecipientMode>('individual');
  const [rows, setRows] = useState<string[]>(['']);
  const [bulkText, setBulkText] = useState('');
  const [phonebookIds, setPhonebookIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [scheduleChoice, setSchedule] = useState(false);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [messageType, setMessageType] = useState<MessageType>('general');
  const [touched, setTouched] = useState({ recipients: false, message: false });
  const send = useSendMessage();

  // A service that lapses while the page is open stops being used, whatever was chosen.
  const channel: Channel = channelChoice === 'viber' && !user.features.viber ? 'sms' : channelChoice;
  const mode: RecipientMode = modeChoice === 'phonebook' && !user.features.phonebook ? 'individual' : modeChoice;
  const schedule = scheduleChoice && user.features.schedule;

  const phonebookSelection = usePhonebookRecipients(phonebookIds, mode === 'phonebook');
  const typed = useMemo(() => parseTyped(typedEntries(mode, rows, bulkText)), [mode, rows, bulkText]);
  const parsed = mode === 'phonebook' ? phonebookSelection.parsed : typed;
  const recipientCount = parsed.recipients.length;
  const analysis = useMemo(() => analyzeMessage(message), [message]);

  const smsPrice = useQuery(pricingQuery('sms'));
  const viberPrice = useQuery(pricingQuery('viber'));
  const prices = unitPricesFrom(smsPrice.data?.sellPriceWithTax, viberPrice.data?.sellPriceWithTax);
  const quote = quoteSend({ channel, recipients: recipientCount, parts: analysis.parts, prices, creditEuros: user.credit });

  const scheduledFor = scheduledAt ? dayjs(scheduledAt).toDate() : null;
  const recipientsError = mode === 'phonebook' && phonebookIds.length === 0 ? null : recipientsProblem(parsed);
  const messageError = messageProblem(message);
  const scheduleError = scheduleProblem(schedule, scheduledFor, new Date());
  const phonebooksReady = mode !== 'phonebook' || (!phonebookSelection.loading && !phonebookSelection.failed);
  const canSend =
    !send.isPending &&
    recipientsError === null &&
    messageError === null &&
    recipientCount > 0 &&
    quote.remaining >= 0 &&
    !(schedule && !scheduledAt) &&
    phonebooksReady;

  function reset() {
    setRows(['']);
    setBulkText('');
    setPhonebookIds([]);
    setMessage('');
    setSchedule(false);
    setScheduledAt(null);
    setTouched({ recipients: false, message: false });
  }

  function submit() {
    if (!canSend) return;
    if (scheduleError) {
      toast.error('Error sending message', scheduleError);
      return;
    }
    const base = {
      message,
      channel,
      ...(mode === 'phonebook' ? { phonebookIds } : { recipients: parsed.recipients }),
      ...(isAdmin ? { messageType } : {}),
    };
    const input: SendInput =
      schedule && scheduledFor
        ? { kind: 'schedule', body: { ...base, scheduledFor: scheduledFor.toISOString() } }
        : { kind: 'now', body: { ...base, schedule: false } };
    const plural = recipientCount === 1 ? 'message' : `${recipientCount} messages`;
    toast.info(input.kind === 'schedule' ? 'Scheduling…' : 'Sending…', `Sending ${plural}, please wait.`);
    send.mutate(input, {
      onSuccess: (reply) => {
        const text = input.kind === 'schedule' ? SEND_MESSAGES.scheduled(reply.count) : SEND_MESSAGES.sent(reply.count);
        toast.success('Success!', text);
        reset();
      },
      onError: (error) => {
        toast.error('Error sending message', isApiError(error) ? error.detail : failureFallback(input.kind, recipientCount));
      },
    });
  }

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Send Message" description="Send an SMS or Viber message to one number, a list, or your phonebooks." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="lg">
              <div>
                <Text fz="sm" fw={500} mb={6}>
                  Channel
                </Text>
                <SegmentedControl
                  aria-label="Channel"
                  value={channel}
                  onChange={(value) => setChannel(value as Channel)}
                  data={[
                    { value: 'sms', label: <ChannelLabel icon={<IconMessage size={16} />} text="SMS" /> },
                    {
                      value: 'viber',
                      label: <ChannelLabel icon={<IconBrandViber size={16} />} text="Viber" />,
                      disabled: !user.features.viber,
                    },
                  ]}
                />
                {!user.features.viber && (
                  <Text fz="xs" c="dimmed" mt={6}>
                    Viber needs the Viber service.{' '}
                    <Anchor component={Link} to="/dashboard/products" fz="xs">
                      View Products
                    </Anchor>
                  </Text>
                )}
              </div>
              <RecipientsTabs
                mode={mode}
                onModeChange={setMode}
                phonebookEnabled={user.features.phonebook}
                rows={rows}
                onRowsChange={setRows}
                bulkText={bulkText}
                onBulkTextChange={setBulkText}
                phonebookIds={phonebookIds}
                onPhonebookIdsChange={setPhonebookIds}
                phonebookSelection={phonebookSelection}
                count={recipientCount}
                duplicates={parsed.duplicates}
                error={touched.recipients ? recipientsError : null}
                onBlur={() => setTouched((t) => ({ ...t, recipients: true }))}
              />
              <MessageBox
                value={message}
                onChange={setMessage}
                onBlur={() => setTouched((t) => ({ ...t, message: true }))}
                analysis={analysis}
                error={touched.message || message.length > 0 ? messageError : null}
              />
              {isAdmin && (
                <AiSuggestions
                  messageType={messageType}
                  onMessageTypeChange={setMessageType}
                  recipient={parsed.recipients[0]}
                  onPick={(text) => {
                    setMessage(text);
                    setTouched((t) => ({ ...t, message: true }));
                  }}
                />
              )}
              <ScheduleField
                enabled={user.features.schedule}
                schedule={schedule}
                onScheduleChange={setSchedule}
                value={scheduledAt}
                onChange={setScheduledAt}
                error={scheduledAt ? scheduleError : null}
              />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md" pos="sticky" top={80}>
            <CostSummary
              channel={channel}
              recipients={recipientCount}
              parts={analysis.parts}
              quote={quote}
              pricesLoaded={smsPrice.isSuccess && viberPrice.isSuccess}
            />
            <Button
              size="md"
              fullWidth
              leftSection={<IconSend size={18} aria-hidden />}
              disabled={!canSend}
              loading={send.isPending}
              onClick={submit}
            >
              {schedule ? 'Schedule Send' : 'Send Now'}
            </Button>
            <Button
              variant="default"
              fullWidth
              onClick={() => {
                reset();
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

function ChannelLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" px="xs">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
