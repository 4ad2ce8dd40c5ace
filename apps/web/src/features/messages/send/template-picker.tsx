// 'Use a template' on the Send page: picking one copies its text into the message box (the text
// can then be changed). A link from the Templates page (?template=id) picks it on arrival.
// The browser's own select: the phone's picker on a phone, type-ahead on a desktop, and none of the
// popover code a combobox brings to this page.
import { Anchor, Group, NativeSelect, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getTemplateChoicesQuery } from '../api/get-templates';

export function TemplatePicker({ onPick }: { onPick: (content: string) => void }) {
  const templates = useQuery(getTemplateChoicesQuery());
  const [params] = useSearchParams();
  const linked = params.get('template');
  const applied = useRef(false);

  useEffect(() => {
    if (applied.current || !linked || !templates.data) return;
    applied.current = true;
    const template = templates.data.find((t) => t.id === linked);
    if (template) onPick(template.content);
  }, [linked, templates.data, onPick]);

  const groups = [
    { group: 'My templates', items: (templates.data ?? []).filter((t) => t.own).map((t) => ({ value: t.id, label: t.name })) },
    { group: 'Shared templates', items: (templates.data ?? []).filter((t) => !t.own).map((t) => ({ value: t.id, label: t.name })) },
  ].filter((g) => g.items.length > 0);
  const placeholder = templates.isPending ? 'Loading templates…' : groups.length ? 'Choose a template' : 'No templates yet';

  return (
    <div>
      <NativeSelect
        label="Use a template"
        leftSection={<IconTemplate size={16} aria-hidden />}
        data={[{ value: '', label: placeholder, disabled: true }, ...groups]}
        value=""
        disabled={groups.length === 0}
        onChange={(event) => {
          const template = templates.data?.find((t) => t.id === event.currentTarget.value);
          if (template) onPick(template.content);
        }}
      />
      <Group justify="flex-end" mt={4}>
        <Text fz="xs" c="dimmed">
          Picking one replaces the message text.{' '}
          <Anchor component={Link} to="/dashboard/templates" fz="xs">
            Manage templates
          </Anchor>
        </Text>
      </Group>
    </div>
  );
}
