// The public site's footer (spec §2): Product, Support and Legal columns, every entry a real page.
// Plain links (no router), so the landing page's own entry can render it too.
import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LogoMark } from '../../components/logo';
import { SUPPORT_EMAIL } from '../../lib/support';
import classes from './public-layout.module.css';

const columns: { heading: string; items: { label: string; href: string }[] }[] = [
  {
    heading: 'Product',
    items: [
      { label: 'Features', href: '/#features' },
      { label: 'Pricing', href: '/#pricing' },
      { label: 'Register', href: '/register' },
      { label: 'Log in', href: '/login' },
    ],
  },
  {
    heading: 'Support',
    items: [
      { label: 'Help and FAQ', href: '/help' },
      { label: 'Contact us', href: `mailto:${SUPPORT_EMAIL}` },
      { label: 'API documentation', href: '/docs/api' },
    ],
  },
  {
    heading: 'Legal',
    items: [
      { label: 'Privacy policy', href: '/privacy' },
      { label: 'Terms of service', href: '/terms' },
    ],
  },
];

export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={10}>
              <LogoMark size={28} />
              <Text fw={800} fz="lg" c="white">
                Kurir
              </Text>
            </Group>
            <Text fz="sm" c="gray.5" maw={260}>
              SMS and Viber messaging for businesses, paid from a prepaid euro balance.
            </Text>
          </Stack>
          {columns.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className={classes.footerHeading}>{column.heading}</h2>
              {column.items.map((item) => (
                <a key={item.label} href={item.href} className={classes.footerItem}>
                  {item.label}
                </a>
              ))}
            </nav>
          ))}
        </SimpleGrid>
        <Group justify="space-between" className={classes.footerBottom} gap="xs">
          <Text fz="sm" c="gray.5">
            © {new Date().getFullYear()} Kurir
          </Text>
          <Text fz="sm" c="gray.5">
            Made for businesses that need their messages to arrive.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
