// The phone step shared by /login and /register: validate with the shared rule, ask the server
// for a code, remember the phone for /verify (spec §4, §5, §8).
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PhoneBody } from '@kurir/core/schemas/auth';
import { schemaForm, useSchemaAfterPaint } from '../../lib/form';
import { storePendingPhone } from '../../lib/session/pending-phone';
import { toast } from '../../lib/toast';
import { useRegisterPhone } from './api/register-phone';
import { useRequestVerification } from './api/request-verification';
import { ALREADY_REGISTERED, codeRequestErrorMessage, isCodeAlreadySent, NO_ACCOUNT, type PhoneFlow } from './error-messages';

// The phone rule is a core schema, and schemas bring zod: it loads once the form is showing.
const loadPhoneSchema = () => import('@kurir/core/schemas/auth').then((m) => m.phoneBodySchema);

export function PhoneForm({ flow, submitLabel }: { flow: PhoneFlow; submitLabel: string }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const phoneSchema = useSchemaAfterPaint(loadPhoneSchema);
  const form = useForm({ initialValues: { phone: '' }, ...(phoneSchema && schemaForm(phoneSchema)) });
  const requestLogin = useRequestVerification();
  const requestRegistration = useRegisterPhone();
  const mutation = flow === 'login' ? requestLogin : requestRegistration;

  function submit(body: PhoneBody) {
    setServerError(null);
    mutation.mutate(body, {
      onSuccess: () => {
        storePendingPhone(body.phone);
        toast.success('Verification code sent');
        navigate('/verify');
      },
      onError: (error) => {
        if (isCodeAlreadySent(error)) {
          // A code went to this number under a minute ago and is still valid: go and enter it.
          storePendingPhone(body.phone);
          toast.info('Verification code sent', 'We sent you a code less than a minute ago. Enter it here.');
          navigate('/verify');
          return;
        }
        // Shown beside the field rather than as a toast: it says what to do next and must stay.
        setServerError(codeRequestErrorMessage(flow, error));
      },
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
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
          {...form.getInputProps('phone')}
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
        <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={!phoneSchema}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
