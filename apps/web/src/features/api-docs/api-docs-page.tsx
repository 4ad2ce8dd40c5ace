// /docs/api: the public API rendered from its OpenAPI document (/api/v1/openapi.json, the same
// document client generators use), with examples for sending and for verifying webhook signatures.
import { Alert, Anchor, Code, Container, List, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TEST_MAX_MESSAGES_PER_DAY, TEST_MAX_RECIPIENTS_PER_SEND } from '@kurir/core/send-rules';
import { api, errorDetail } from '../../lib/api';
import { sendExamples, verifyExamples } from './examples';
import { OperationList, type OpenApiDocument } from './operation-list';

const OPENAPI_URL = '/api/v1/openapi.json';

function CodeTabs({ examples }: { examples: Partial<Record<string, string>> }) {
  const entries = Object.entries(examples);
  return (
    <Tabs defaultValue={entries[0]?.[0]}>
      <Tabs.List>
        {entries.map(([language]) => (
          <Tabs.Tab key={language} value={language}>
            {language === 'javascript' ? 'JavaScript' : language === 'python' ? 'Python' : 'curl'}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {entries.map(([language, code]) => (
        <Tabs.Panel key={language} value={language} pt="xs">
          {/* It scrolls sideways on a phone: focusable, so a keyboard can scroll it. */}
          <Code block tabIndex={0}>
            {code}
          </Code>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

export function ApiDocsPage() {
  const document = useQuery({ queryKey: [OPENAPI_URL], queryFn: () => api.get<OpenApiDocument>(OPENAPI_URL) });
  const base = window.location.origin;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1}>Kurir API</Title>
          <Text c="dimmed">Send SMS and Viber messages from your own software, read their status, and get delivery webhooks.</Text>
        </div>
        <Stack gap="xs">
          <Title order={2} fz="xl">
            Basics
          </Title>
          <List spacing={4}>
            <List.Item>
              Create a key in <Anchor href="/dashboard/settings">Settings</Anchor> and send it as <Code>Authorization: Bearer kur_…</Code>. Test keys (<Code>kur_test_…</Code>) are free: messages go to the simulator and cost nothing (up to {TEST_MAX_RECIPIENTS_PER_SEND} recipients a request and {TEST_MAX_MESSAGES_PER_DAY.toLocaleString('en')} messages a day), and a test key sees and cancels only its test messages. Live keys need the API access product.
            </List.Item>
            <List.Item>
              Errors are always <Code>{'{ "error": { "code", "message", "details" } }'}</Code>; switch on <Code>code</Code>.
            </List.Item>
            <List.Item>
              Send <Code>Idempotency-Key</Code> with every POST: a retry with the same key and body within 24 hours returns the first answer and is never charged twice; the same key with another body is a 409.
            </List.Item>
            <List.Item>
              Requests are rate limited per key; every answer carries <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> and <Code>RateLimit-Reset</Code>, and a 429 carries <Code>Retry-After</Code>.
            </List.Item>
            <List.Item>
              The OpenAPI 3.1 document is at <Anchor href={OPENAPI_URL}>{OPENAPI_URL}</Anchor>: generate a client from it (e.g. openapi-typescript with openapi-fetch).
            </List.Item>
          </List>
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="xl">
            Send a message
          </Title>
          <CodeTabs examples={sendExamples(base)} />
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="xl">
            Verify a webhook signature
          </Title>
          <Text size="sm">
            Each delivery is a POST with the JSON event and <Code>Kurir-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code>, where the hex is HMAC-SHA256 of <Code>{'{t}.{raw body}'}</Code> with your endpoint's signing secret. Answer 2xx within 10 seconds; failures are retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, in order per message. Deliveries are at least once: deduplicate by the event <Code>id</Code>.
          </Text>
          <CodeTabs examples={verifyExamples} />
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="xl">
            Reference
          </Title>
          {document.isPending ? <Loader aria-label="Loading the API reference" /> : document.isError ? <Alert color="red">{errorDetail(document.error) || 'Failed to load the API reference'}</Alert> : <OperationList document={document.data} />}
        </Stack>
      </Stack>
    </Container>
  );
}
