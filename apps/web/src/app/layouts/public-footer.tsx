// The landing page footer (spec §2). Support and legal pages do not exist yet, so those entries
// are plain text rather than links to nowhere.
import { Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import classes from './public-layout.module.css';

type FooterItem = { label: string; href?: string; to?: string };

const columns: { heading: string; items: FooterItem[] }[] = [
  {
    heading: 'Product',
    items: [
      { label: 'Features', href: '#features' },
      { label: 'Pricing', href: '#pricing' },
      { label: 'Register', to: '/register' },
      { label: 'Log in', to: '/login' },
    ],
  },
  {
    heading: 'Support',
    items: [{ label: 'Help center' }, { label: 'Contact us' }, { label: 'API documentation', to: '/docs/api' }, { label: 'System status' }],
  },
  {
    heading: 'Legal',
    items: [{ label: 'Privacy policy' }, { label: 'Terms of service' }, { label: 'Cookie policy' }],
  },
];

function FooterEntry({ item }: { item: FooterItem }) {
  if (item.to)
    return (
      <Link to={item.to} className={classes.footerItem}>
        {item.label}
      </Link>
    );
  if (item.href)
    return (
      <a href={item.href} className={classes.footerItem}>
        {item.label}
      </a>
    );
  return <span className={classes.footerItem}>{item.label}</span>;
}

export function PublicFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xl">
          <Stack gap="sm" style={{ gridColumn: 'span 1' }}>
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
              <div className={classes.footerHeading}>{column.heading}</div>
              {column.items.map((item) => (
                <FooterEntry key={item.label} item={item} />
              ))}
            </nav>
          ))}
        </SimpleGrid>
        <Group justify="space-between" className={classes.footerBottom} gap="xs">
          <Text fz="sm" c="gray.5">
            © 2024 Kurir
          </Text>
          <Text fz="sm" c="gray.6">
            Made for businesses that need their messages to arrive.
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
