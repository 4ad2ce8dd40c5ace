// 'Schedule for later': a switch (needs the Schedule Send service) and a date-time picker in the
// browser's time zone, which is the user's; the chosen local time goes to the server as ISO UTC.
// The picker (Mantine's dates and their styles) loads when the switch is first turned on.
import { Anchor, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';

const SchedulePicker = lazy(() => import('./schedule-picker').then((m) => ({ default: m.SchedulePicker })));

export type ScheduleFieldProps = {
  enabled: boolean;
  schedule: boolean;
  onScheduleChange: (on: boolean) => void;
  /** `YYYY-MM-DD HH:mm:ss`, local time, as the picker gives it. */
  value: string | null;
  onChange: (value: string | null) => void;
  error: string | null;
};

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ScheduleField({ enabled, schedule, onScheduleChange, value, onChange, error }: ScheduleFieldProps) {
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
          <Suspense fallback={<Skeleton height={58} aria-hidden />}>
            <SchedulePicker value={value} onChange={onChange} error={error} />
          </Suspense>
          <Text fz="xs" c="dimmed">
            Times are in your time zone ({timeZone}).
          </Text>
        </>
      )}
    </Stack>
  );
}
