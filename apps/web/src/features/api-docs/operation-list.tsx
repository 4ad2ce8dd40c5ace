// The reference part of the docs: every operation of the OpenAPI document, grouped by tag, with its
// parameters, request body and responses (schemas as JSON).
import { Accordion, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';

type Schema = Record<string, unknown>;
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
};
export type OpenApiDocument = { info?: { description?: string }; paths: Record<string, Record<string, Operation>> };

// Shades dark enough for white text at the badge's size (WCAG AA, 4.5:1).
const METHOD_COLORS: Record<string, string> = { get: 'blue.9', post: 'teal.9', delete: 'red.9', put: 'cyan.9', patch: 'grape.9' };

function SchemaBlock({ schema }: { schema: Schema | undefined }) {
  if (!schema) return null;
  return (
    // A region that scrolls is focusable, so a keyboard can scroll it.
    <Code block tabIndex={0} style={{ maxHeight: 320, overflow: 'auto' }}>
      {JSON.stringify(schema, null, 2)}
    </Code>
  );
}

function OperationDetail({ op }: { op: Operation }) {
  const params = op.parameters ?? [];
  const body = op.requestBody?.content?.['application/json']?.schema;
  return (
    <Stack gap="sm">
      {params.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parameter</Table.Th>
                <Table.Th>In</Table.Th>
                <Table.Th>Description</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {params.map((p) => (
                <Table.Tr key={`${p.in}-${p.name}`}>
                  <Table.Td>
                    <Code>{p.name}</Code> {p.required && <Badge size="xs">required</Badge>}
                  </Table.Td>
                  <Table.Td>{p.in}</Table.Td>
                  <Table.Td>{p.description ?? (p.schema?.description as string | undefined) ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {body && (
        <div>
          <Text fw={500} size="sm">
            Request body
          </Text>
          <SchemaBlock schema={body} />
        </div>
      )}
      {Object.entries(op.responses ?? {}).map(([status, response]) => (
        <div key={status}>
          <Text fw={500} size="sm">
            {status} {response.description && response.description !== 'Default Response' ? `— ${response.description}` : ''}
          </Text>
          <SchemaBlock schema={response.content?.['application/json']?.schema} />
        </div>
      ))}
    </Stack>
  );
}

export function OperationList({ document }: { document: OpenApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op, tag: op.tags?.[0] ?? 'Other' })),
  );
  const tags = [...new Set(operations.map((o) => o.tag))];
  return (
    <Stack gap="lg">
      {tags.map((tag) => (
        <div key={tag}>
          <Title order={3} fz="lg" mb="xs">
            {tag}
          </Title>
          <Accordion variant="separated" multiple>
            {operations
              .filter((o) => o.tag === tag)
              .map(({ path, method, op }) => (
                <Accordion.Item key={`${method} ${path}`} value={`${method} ${path}`}>
                  <Accordion.Control>
                    <Group gap="sm" wrap="nowrap">
                      <Badge color={METHOD_COLORS[method] ?? 'gray'} w={70}>
                        {method.toUpperCase()}
                      </Badge>
                      <Code style={{ overflowWrap: 'anywhere' }}>{path}</Code>
                      <Text size="sm" c="dimmed" visibleFrom="sm">
                        {op.summary}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <OperationDetail op={op} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
          </Accordion>
        </div>
      ))}
    </Stack>
  );
}
