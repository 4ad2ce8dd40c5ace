// The landing page header: in-page sections, then sign-in. Collapses into a drawer on phones.
import { Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import classes from './public-layout.module.css';

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#about', label: 'About' },
];

export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Link to="/" className={classes.homeLink} aria-label="Kurir home">
          <Logo size={30} />
        </Link>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Sections">
          {sections.map((section) => (
            <a key={section.href} href={section.href} className={classes.navLink}>
              {section.label}
            </a>
          ))}
        </Group>
        <Group gap="xs" visibleFrom="sm">
          <Button component={Link} to="/login" variant="subtle" color="gray">
            Log in
          </Button>
          <Button component={Link} to="/register">
            Register
          </Button>
        </Group>
        <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Open menu" />
      </Container>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title="Menu">
        <Stack gap={4} component="nav" aria-label="Sections">
          {sections.map((section) => (
            <a key={section.href} href={section.href} className={classes.drawerLink} onClick={close}>
              {section.label}
            </a>
          ))}
        </Stack>
        <Stack gap="sm" mt="lg">
          <Button component={Link} to="/login" variant="default" fullWidth>
            Log in
          </Button>
          <Button component={Link} to="/register" fullWidth>
            Register
          </Button>
        </Stack>
      </Drawer>
    </header>
  );
}
