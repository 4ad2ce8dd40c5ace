// The phone step shared by /login and /register: validate with the shared rule, ask the server
// for a code, remember the phone for /verify (spec §4, §5, §8).
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceMobile } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { loginPhoneSchema } from '@kurir/core';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { registerPhone, requestVerification } from './api';
import { ALREADY_REGISTERED, codeRequestErrorMessage, NO_ACCOUNT, type PhoneFlow } from './error-messages';
import { storePendingPhone } from './pending-phone';

const sendCode = { login: requestVerification, register: registerPhone } as const;

function codeAlreadySent(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 429 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'codeSent' in error.body &&
    error.body.codeSent === true
  );
}

export function PhoneForm({ flow, submitLabel }: { flow: PhoneFlow; submitLabel: string }) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (phone: string) => sendCode[flow]({ phone }),
    onSuccess: (_reply, phone) => {
      storePendingPhone(phone);
      toast.success('Verification code sent');
      navigate('/verify');
    },
    onError: (error, phone) => {
      if (codeAlreadySent(error)) {
        // A code went to this number under a minute ago and is still valid: go and enter it.
        storePendingPhone(phone);
        toast.info('Verification code sent', 'We sent you a code less than a minute ago. Enter it here.');
        navigate('/verify');
        return;
      }
      // Shown beside the field rather than as a toast: it says what to do next and must stay.
      setServerError(codeRequestErrorMessage(flow, error));
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerError(null);
    const parsed = loginPhoneSchema.safeParse(input);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    mutation.mutate(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Phone number"
          description="Include your country code"
          placeholder="+386 40 123 456"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          autoFocus
          size="md"
          leftSection={<IconDeviceMobile size={18} aria-hidden />}
          value={input}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
        />
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
            {serverError === NO_ACCOUNT && (
              <>
                {' '}
                <Anchor component={Link} to="/register" fz="sm" fw={600}>
                  Register
                </Anchor>
              </>
            )}
            {serverError === ALREADY_REGISTERED && (
              <>
                {' '}
                <Anchor component={Link} to="/login" fz="sm" fw={600}>
                  Log in
                </Anchor>
              </>
            )}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={mutation.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
