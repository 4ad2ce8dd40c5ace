// The date and time of a scheduled send, in the browser's time zone (schedule-field.tsx).
import '@mantine/dates/styles.css';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ScheduleFieldProps } from './schedule-field';

type Props = Pick<ScheduleFieldProps, 'value' | 'onChange' | 'error'>;

export function SchedulePicker({ value, onChange, error }: Props) {
  return (
    <DateTimePicker
      label="Send at"
      placeholder="Pick date and time"
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      valueFormat="DD.MM.YYYY HH:mm"
      minDate={new Date()}
      // A day picked without touching the time lands in the next full hour, not at midnight.
      defaultTimeValue={dayjs().add(1, 'hour').format('HH:00')}
      submitButtonProps={{ 'aria-label': 'Confirm date and time' }}
      value={value}
      onChange={onChange}
      clearable
      error={error}
      required
    />
  );
}
