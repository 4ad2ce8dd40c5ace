// 'Schedule for later': a switch (needs the Schedule Send service) and a date-time picker in the
// browser's time zone, which is the user's; the chosen local time goes to the server as ISO UTC.
import '@mantine/dates/styles.css';
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarTime } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';

type Props = {
  enabled: boolean;
  schedule: boolean;
  onScheduleChange: (on: boolean) => void;
  /** `YYYY-MM-DD HH:mm:ss`, local time, as the picker gives it. */
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | null;
};

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ScheduleField({ enabled, schedule, onScheduleChange, value, onChange, error }: Props) {
  return (
    <Stack gap="xs">
      <Switch
        label="Schedule for later"
        checked={schedule}
        disabled={!enabled}
        onChange={(event) => onScheduleChange(event.currentTarget.checked)}
        description={
          enabled ? undefined : (
            <>
              Needs the Schedule Send service.{' '}
              <Anchor component={Link} to="/dashboard/products" fz="xs">
                View Products
              </Anchor>
            </>
          )
        }
      />
      {schedule && (
        <>
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
          <Text fz="xs" c="dimmed">
            Times are in your time zone ({timeZone}).
          </Text>
        </>
      )}
    </Stack>
  );
}
