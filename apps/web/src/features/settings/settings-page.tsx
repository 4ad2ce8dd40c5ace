// /dashboard/settings: API keys and the delivery webhook.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

export function SettingsPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Settings" description="API keys and delivery webhooks for sending from your own software" />
      <Text size="sm">
        How to call the API, with examples: <Anchor component={Link} to="/docs/api">API documentation</Anchor>.
      </Text>
      <ApiKeysSection />
      <WebhooksSection />
    </Stack>
  );
}
