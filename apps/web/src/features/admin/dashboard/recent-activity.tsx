// Recent Activity (admin spec §2, live per issue 9): the audit log's latest entries — who did
// what to whom and when, with the changed values before → after.
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES } from '@kurir/core';
import { errorDetail } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { getActivityQuery } from './api/get-activity';
import { describeChanges } from './audit-changes';
import { AUDIT_ACTION_LABELS } from './audit-labels';

const ACTIVITY_LIMIT = 10;

export function RecentActivity() {
  const activity = useQuery(getActivityQuery(ACTIVITY_LIMIT));
  const entries = activity.data?.activity ?? [];
  return (
    <Card padding="lg">
      <Title order={2} fz="lg" mb="sm">
        Recent Activity
      </Title>
      {activity.isPending && <Text c="dimmed">Loading activity…</Text>}
      {activity.isError && (
        <Text c="red" role="alert">
          Could not load the activity: {errorDetail(activity.error)}
        </Text>
      )}
      {activity.isSuccess && entries.length === 0 && <Text c="dimmed">{DASHBOARD_MESSAGES.noActivity}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {entries.map((entry) => {
          const changes = describeChanges(entry.before, entry.after);
          return (
            <li key={entry.id} title={entry.summary} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', paddingBottom: 8 }}>
              <Text fz="sm">
                <b>{AUDIT_ACTION_LABELS[entry.action]}</b>
                {entry.targetLabel ? ` · ${entry.targetLabel}` : ''}
              </Text>
              <Text fz="xs" c="dimmed">
                by {entry.adminName} · {formatDateTime(entry.createdAt)}
              </Text>
              {changes.map((change) => (
                <Text key={change} fz="xs" ff="monospace" c="gray.7" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {change}
                </Text>
              ))}
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
