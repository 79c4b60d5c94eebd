import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { preloadSignIn } from '../../../lib/auth';
import { PRODUCT_NAME } from '../../../lib/product';
import { useAuth } from '../auth-context';

type SignInValues = { email: string; password: string };

type LocationState = { from?: { pathname?: string; search?: string } } | null;

/** signInErrorMessage turns a rejected sign-in into a sentence for the user. */
export function signInErrorMessage(err: unknown): string {
  const name = err instanceof Error ? err.name : '';
  // The hosted user pool answers a wrong password with NotAuthorizedException; the local
  // stand-in answers InvalidPasswordException.
  if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name)) {
    return 'Incorrect email or password.';
  }
  if (name === 'UserNotConfirmedException') {
    return 'This account has not been confirmed yet. Contact your administrator.';
  }
  if (name === 'PasswordResetRequiredException') {
    return 'A password reset is required for this account. Contact your administrator.';
  }
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
    return 'Too many attempts. Wait a moment and try again.';
  }
  if (err instanceof TypeError || name === 'NetworkError') {
    return 'The sign-in service could not be reached. Check your connection and try again.';
  }
  return 'Sign-in failed. Please try again later.';
}

function destination(state: LocationState): string {
  const from = state?.from;
  const returnable = ['/app', '/carfax', '/carFaxCallback'].some((prefix) => from?.pathname?.startsWith(prefix));
  if (from?.pathname && returnable) return `${from.pathname}${from.search ?? ''}`;
  return '/app/default';
}

/** SignInPage asks for the user's email and password. */
export function SignInPage() {
  const auth = useAuth();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<SignInValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() === '' ? 'Enter your email' : null),
      password: (value) => (value === '' ? 'Please enter password' : null),
    },
  });

  if (auth.status === 'signedIn') {
    return <Navigate to={destination(location.state as LocationState)} replace />;
  }

  const submit = form.onSubmit(async ({ email, password }) => {
    setError(null);
    setSubmitting(true);
    try {
      const result = await auth.signIn(email.trim(), password);
      if (result.kind === 'nextStep') {
        setError(`This account needs a further sign-in step (${result.step}) that CXM does not support.`);
      }
    } catch (err) {
      setError(signInErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        {/* The sign-in service's code loads once the user starts typing, not with the page. */}
        <form onSubmit={submit} onInput={preloadSignIn} noValidate aria-labelledby="sign-in-title">
          <Stack gap="md">
            <Text fw={800} c="blue.8" size="xl" aria-hidden>
              {PRODUCT_NAME}
            </Text>
            <Title order={1} size="h3" id="sign-in-title">
              Sign in
            </Title>
            {error ? (
              <Alert color="red" variant="light" role="alert" title="Sign-in failed">
                {error}
              </Alert>
            ) : null}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              withAsterisk={false}
              autoFocus
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              required
              withAsterisk={false}
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={submitting} fullWidth>
              Sign in
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
