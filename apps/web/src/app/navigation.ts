// The customer sidebar, in one list (spec §2, "Dashboard shell"). An entry whose page does not
// exist yet stays `available: false` and is rendered disabled; the issue that builds the page
// flips the flag and adds the route.
import {
  IconAddressBook,
  IconCalendarTime,
  IconHistory,
  IconLayoutDashboard,
  IconPackage,
  IconSend,
  IconSettings,
  IconTemplate,
  IconUserCircle,
  type TablerIcon,
} from '@tabler/icons-react';

export type NavEntry = {
  path: string;
  label: string;
  icon: TablerIcon;
  available: boolean;
  /** A badge beside the label, for entries announced but not built ('Soon'). */
  badge?: string;
};

export const customerNavigation: readonly NavEntry[] = [
  { path: '/dashboard', label: 'Dashboard', icon: IconLayoutDashboard, available: true },
  { path: '/dashboard/send-sms', label: 'Send message', icon: IconSend, available: true },
  { path: '/dashboard/messages', label: 'Message history', icon: IconHistory, available: true },
  { path: '/dashboard/scheduled-messages', label: 'Scheduled messages', icon: IconCalendarTime, available: true },
  { path: '/dashboard/phonebook', label: 'Phonebook', icon: IconAddressBook, available: true },
  { path: '/dashboard/profile', label: 'Profile', icon: IconUserCircle, available: true },
  { path: '/dashboard/products', label: 'Products', icon: IconPackage, available: true },
  { path: '/dashboard/settings', label: 'Settings', icon: IconSettings, available: true },
  { path: '/dashboard/templates', label: 'Templates', icon: IconTemplate, available: true },
];
