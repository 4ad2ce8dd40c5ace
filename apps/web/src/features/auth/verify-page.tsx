// The code step (spec §2, §4, §8): six digits, a resend with a cooldown, and the sign-in itself.
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { CODE_LENGTH, CODE_TTL_MINUTES, RESEND_COOLDOWN_SECONDS, verifyBodySchema } from '@kurir/core';
import { AuthLayout } from '../../app/layouts/auth-layout';
import { errorDetail, isApiError, isNetworkError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { OutboxHint } from '../dev-outbox/outbox-hint';
import { CURRENT_USER_KEY, requestVerification, verifyCode } from './api';
import { UNEXPECTED_ERROR } from './error-messages';
import { clearPendingPhone, readPendingPhone } from './pending-phone';
import { useCooldown } from './use-cooldown';
import classes from './verify-page.module.css';

function isDeactivated(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'accountDeactivated' in body && body.accountDeactivated === true;
}

function retryAfterSeconds(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('retryAfter' in body)) return null;
  const seconds = Number(body.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

export function VerifyPage() {
  // Read once: after a successful sign-in the phone is cleared, and that must not bounce the
  // page to /login while it is navigating to /dashboard.
  const [phone] = useState(readPendingPhone);
  if (!phone) return <Navigate to="/login" replace />;
  return <VerifyForm phone={phone} />;
}

function VerifyForm({ phone }: { phone: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [deactivated, setDeactivated] = useState(false);
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);

  const verify = useMutation({
    mutationFn: verifyCode,
    onSuccess: ({ user, isNewUser }) => {
      clearPendingPhone();
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      toast.success(isNewUser ? 'Account created successfully!' : 'Login successful!');
      navigate('/dashboard', { replace: true });
    },
    onError: (error) => {
      if (isDeactivated(error)) {
        setDeactivated(true);
        return;
      }
      const message = isNetworkError(error) ? UNEXPECTED_ERROR : errorDetail(error) || 'Invalid verification code';
      toast.error('Error', message);
    },
  });

  const resend = useMutation({
    mutationFn: () => requestVerification({ phone }),
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
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDeactivated(false);
    const parsed = verifyBodySchema.safeParse({ phone, code });
    if (!parsed.success) {
      const codeIssue = parsed.error.issues.find((issue) => issue.path[0] === 'code');
      setFieldError(codeIssue?.message ?? parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    verify.mutate(parsed.data);
  }

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
      <form onSubmit={handleSubmit} noValidate>
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
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH));
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            description={`The code expires in ${CODE_TTL_MINUTES} minutes.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Button type="submit" size="md" fullWidth loading={verify.isPending}>
            Verify and continue
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/login" fz="sm" c="dimmed">
              <Group gap={4} component="span" wrap="nowrap">
                <IconArrowLeft size={14} aria-hidden />
                Back to login
              </Group>
            </Anchor>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => resend.mutate()}
              disabled={cooldown.secondsLeft > 0}
              loading={resend.isPending}
            >
              {cooldown.secondsLeft > 0 ? `Resend in ${cooldown.secondsLeft}s` : 'Resend code'}
            </Button>
          </Group>
          <OutboxHint phone={phone} />
        </Stack>
      </form>
    </AuthLayout>
  );
}
