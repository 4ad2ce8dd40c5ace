// The code step (spec §2, §4, §8): six digits, a resend with a cooldown, and the sign-in itself.
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { CODE_LENGTH, CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS } from '@kurir/core/code';
import { verifyBodySchema, type VerifyBody } from '@kurir/core/schemas/auth';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { errorDetail } from '../../lib/api';
import { schemaForm } from '../../lib/form';
import { clearPendingPhone, readPendingPhone } from '../../lib/session/pending-phone';
import { toast } from '../../lib/toast';
import { useRequestVerification } from './api/request-verification';
import { useVerifyCode } from './api/verify-code';
import { isAccountDeactivated, retryAfterSeconds, verifyErrorMessage } from './error-messages';
import { useCooldown } from './use-cooldown';
import classes from './verify-page.module.css';

/**
 * What the app puts under the form for this phone: the dev outbox's hint when the built-in
 * simulator runs. Passed in by the router, so this feature does not import another one.
 */
export type VerifyHint = (props: { phone: string }) => ReactNode;

export function VerifyPage({ hint: Hint }: { hint?: VerifyHint }) {
  // Read once: after a successful sign-in the phone is cleared, and that must not bounce the
  // page to /login while it is navigating to /dashboard.
  const [phone] = useState(readPendingPhone);
  if (!phone) return <Navigate to="/login" replace />;
  return <VerifyForm phone={phone} hint={Hint ? <Hint phone={phone} /> : null} />;
}

function useResendCode(phone: string) {
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const request = useRequestVerification();
  const resend = () =>
    request.mutate(
      { phone },
      {
        onSuccess: () => {
          cooldown.start(RESEND_COOLDOWN_SECONDS);
          toast.success('Verification code sent');
        },
        onError: (error) => {
          // The server's own limit wins over ours: it knows when the last code went out.
          const wait = retryAfterSeconds(error);
          if (wait) cooldown.start(wait);
          toast.error('Failed to resend verification code', errorDetail(error) || undefined);
        },
      },
    );
  return { resend, pending: request.isPending, secondsLeft: cooldown.secondsLeft };
}

function VerifyForm({ phone, hint }: { phone: string; hint: ReactNode }) {
  const navigate = useNavigate();
  const [deactivated, setDeactivated] = useState(false);
  const form = useForm({ initialValues: { phone, code: '' }, ...schemaForm(verifyBodySchema) });
  const verify = useVerifyCode();
  const resend = useResendCode(phone);

  function submit(body: VerifyBody) {
    setDeactivated(false);
    verify.mutate(body, {
      onSuccess: ({ isNewUser }) => {
        clearPendingPhone();
        toast.success(isNewUser ? 'Account created successfully!' : 'Login successful!');
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (isAccountDeactivated(error)) setDeactivated(true);
        else toast.error('Error', verifyErrorMessage(error));
      },
    });
  }
  const codeInput = form.getInputProps('code');

  return (
    <AuthLayout
      title="Enter your code"
      subtitle={
        <>
          We sent a {CODE_LENGTH}-digit code to{' '}
          <Text component="span" fw={600} c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }}>
            {phone}
          </Text>
        </>
      }
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          {deactivated && (
            <Alert color="red" variant="light" title="Account Deactivated" role="alert">
              Your account has been deactivated. Please contact support for assistance.
            </Alert>
          )}
          <TextInput
            label="Verification code"
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            autoFocus
            size="lg"
            classNames={{ input: classes.codeInput }}
            leftSection={<IconLock size={18} aria-hidden />}
            {...codeInput}
            onChange={(event) => form.setFieldValue('code', event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            description={`The code expires in ${CODE_TTL_MINUTES} minutes.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Verify and continue
          </Button>
          <BackAndResend resend={resend} />
          {hint}
        </Stack>
      </form>
    </AuthLayout>
  );
}

function BackAndResend({ resend }: { resend: ReturnType<typeof useResendCode> }) {
  return (
    <Group justify="space-between" gap="xs">
      <Anchor component={Link} to="/login" fz="sm" c="dimmed">
        <Group gap={4} component="span" wrap="nowrap">
          <IconArrowLeft size={14} aria-hidden />
          Back to login
        </Group>
      </Anchor>
      <Button variant="subtle" size="compact-sm" onClick={resend.resend} disabled={resend.secondsLeft > 0} loading={resend.pending}>
        {resend.secondsLeft > 0 ? `Resend in ${resend.secondsLeft}s` : 'Resend code'}
      </Button>
    </Group>
  );
}
