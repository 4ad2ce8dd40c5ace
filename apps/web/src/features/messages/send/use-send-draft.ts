// Everything the user has chosen and typed on the Send page, with the services they have bought
// applied: a service that lapses while the page is open stops being used, whatever was chosen.
import { useState } from 'react';
import type { Channel } from '@kurir/core/constants';
import type { MessageType } from '@kurir/core/schemas/messages';
import type { User } from '@kurir/core/schemas/auth';
import type { RecipientMode } from './send-form';

/** Spec §4: Viber only if it is the user's primary channel and the Viber service is active. */
function defaultChannel(user: User): Channel {
  return user.settings.primary_channel === 'viber' && user.features.viber ? 'viber' : 'sms';
}

const UNTOUCHED = { recipients: false, message: false };

export function useSendDraft(user: User) {
  const [channelChoice, setChannel] = useState<Channel>(() => defaultChannel(user));
  const [modeChoice, setMode] = useState<RecipientMode>('individual');
  const [rows, setRows] = useState<string[]>(['']);
  const [bulkText, setBulkText] = useState('');
  const [phonebookIds, setPhonebookIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [scheduleChoice, setSchedule] = useState(false);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [messageType, setMessageType] = useState<MessageType>('general');
  const [touched, setTouched] = useState(UNTOUCHED);

  function reset() {
    setRows(['']);
    setBulkText('');
    setPhonebookIds([]);
    setMessage('');
    setSchedule(false);
    setScheduledAt(null);
    setTouched(UNTOUCHED);
  }

  const channel: Channel = channelChoice === 'viber' && !user.features.viber ? 'sms' : channelChoice;
  const mode: RecipientMode = modeChoice === 'phonebook' && !user.features.phonebook ? 'individual' : modeChoice;
  return {
    channel,
    mode,
    schedule: scheduleChoice && user.features.schedule,
    rows,
    bulkText,
    phonebookIds,
    message,
    scheduledAt,
    messageType,
    touched,
    setChannel,
    setMode,
    setRows,
    setBulkText,
    setPhonebookIds,
    setMessage,
    setSchedule,
    setScheduledAt,
    setMessageType,
    touch: (field: keyof typeof UNTOUCHED) => setTouched((t) => ({ ...t, [field]: true })),
    reset,
  };
}

export type SendDraft = ReturnType<typeof useSendDraft>;
