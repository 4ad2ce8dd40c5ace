import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { Link } from 'react-router';
import { STARTER_CREDIT_EUROS } from '@kurir/core/constants';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { formatEuros } from '../../lib/format';
import { PhoneForm } from './phone-form';

export function RegisterPage() {
  return (
    <AuthLayout title="Create your account" subtitle="Register with your mobile number. No password, no card needed.">
      <Group gap="xs" wrap="nowrap" mb="md" p="sm" bg="brand.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <ThemeIcon variant="white" radius="xl" size="md" aria-hidden>
          <IconGift size={16} />
        </ThemeIcon>
        <Text fz="sm">
          New accounts start with <b>{formatEuros(STARTER_CREDIT_EUROS)}</b> of free credit.
        </Text>
      </Group>
      <PhoneForm flow="register" submitLabel="Create account" />
      <Text ta="center" fz="sm" c="dimmed" mt="lg">
        Already have an account?{' '}
        <Anchor component={Link} to="/login" fw={600}>
          Log in
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
