// A product's icon by its icon_type (spec §3); unknown types get the default package.
import { ThemeIcon } from '@mantine/core';
import {
  IconAddressBook,
  IconApi,
  IconBrandViber,
  IconCrown,
  IconId,
  IconMessage,
  IconPackage,
  IconSparkles,
  type TablerIcon,
} from '@tabler/icons-react';

const ICONS: Record<string, { icon: TablerIcon; color: string }> = {
  sms: { icon: IconMessage, color: 'blue' },
  viber: { icon: IconBrandViber, color: 'violet' },
  premium: { icon: IconCrown, color: 'yellow' },
  special: { icon: IconSparkles, color: 'pink' },
  sender: { icon: IconId, color: 'teal' },
  phonebook: { icon: IconAddressBook, color: 'cyan' },
  api: { icon: IconApi, color: 'grape' },
};

export function ProductIcon({ type, size = 40 }: { type: string; size?: number }) {
  const { icon: Icon, color } = ICONS[type] ?? { icon: IconPackage, color: 'gray' };
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={color} aria-hidden style={{ flexShrink: 0 }}>
      <Icon size={Math.round(size * 0.55)} stroke={1.7} />
    </ThemeIcon>
  );
}
