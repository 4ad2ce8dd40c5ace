// The landing page header: in-page sections, then sign-in. On phones the links fold into a menu
// panel under the header (a plain disclosure: no portal, focus trap or scroll lock to download).
import { Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Logo } from '../../components/logo';
import classes from './public-layout.module.css';

const sections = [
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#about', label: 'About' },
];

export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <a href="/" className={classes.homeLink} aria-label="Kurir home">
          <Logo size={30} />
        </a>
        <Group gap={4} visibleFrom="sm" component="nav" aria-label="Sections">
          {sections.map((section) => (
            <a key={section.href} href={section.href} className={classes.navLink}>
              {section.label}
            </a>
          ))}
        </Group>
        <Group gap="xs" visibleFrom="sm">
          <Button component="a" href="/login" variant="subtle" color="gray">
            Log in
          </Button>
          <Button component="a" href="/register">
            Register
          </Button>
        </Group>
        <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label={opened ? 'Close menu' : 'Open menu'} aria-expanded={opened} aria-controls="public-menu" />
      </Container>
      {opened && (
        <div id="public-menu" className={classes.menuPanel}>
          <Stack gap={4} component="nav" aria-label="Sections">
            {sections.map((section) => (
              <a key={section.href} href={section.href} className={classes.drawerLink} onClick={close}>
                {section.label}
              </a>
            ))}
          </Stack>
          <Stack gap="sm" mt="md">
            <Button component="a" href="/login" variant="default" fullWidth>
              Log in
            </Button>
            <Button component="a" href="/register" fullWidth>
              Register
            </Button>
          </Stack>
        </div>
      )}
    </header>
  );
}
