import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { PhoneForm } from './phone-form';

export function LoginPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Enter your phone number and we'll text you a sign-in code.">
      <PhoneForm flow="login" submitLabel="Send verification code" />
      <Text ta="center" fz="sm" c="dimmed" mt="lg">
        Don't have an account?{' '}
        <Anchor component={Link} to="/register" fw={600}>
          Register
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
