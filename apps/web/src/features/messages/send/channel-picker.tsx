// SMS or Viber; Viber needs the Viber service, and says where to get it.
import { Anchor, Group, SegmentedControl, Text } from '@mantine/core';
import { IconBrandViber, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Channel } from '@kurir/core/constants';

type Props = { value: Channel; onChange: (channel: Channel) => void; viberEnabled: boolean };

export function ChannelPicker({ value, onChange, viberEnabled }: Props) {
  return (
    <div>
      <Text fz="sm" fw={500} mb={6}>
        Channel
      </Text>
      <SegmentedControl
        aria-label="Channel"
        value={value}
        onChange={(next) => onChange(next as Channel)}
        data={[
          { value: 'sms', label: <ChannelLabel icon={<IconMessage size={16} />} text="SMS" /> },
          { value: 'viber', label: <ChannelLabel icon={<IconBrandViber size={16} />} text="Viber" />, disabled: !viberEnabled },
        ]}
      />
      {!viberEnabled && (
        <Text fz="xs" c="dimmed" mt={6}>
          Viber needs the Viber service.{' '}
          <Anchor component={Link} to="/dashboard/products" fz="xs">
            View Products
          </Anchor>
        </Text>
      )}
    </div>
  );
}

function ChannelLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" px="xs">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
