/**
 * createSignInWithoutProfile adds a confirmed sign-in to the local user pool that has no CXM
 * user profile, through the same endpoint the web app signs in with.
 */
export async function createSignInWithoutProfile(baseUrl: string, email: string, password: string): Promise<void> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as {
    userPoolId: string;
    userPoolClientId: string;
    userPoolEndpoint?: string;
  };
  if (!config.userPoolEndpoint) throw new Error('config.json has no userPoolEndpoint: not the local stack');
  const call = async (action: string, body: unknown) => {
    const response = await fetch(config.userPoolEndpoint as string, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}`,
      },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${action}: HTTP ${response.status} ${await response.text()}`);
  };
  await call('SignUp', {
    ClientId: config.userPoolClientId,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await call('AdminConfirmSignUp', { UserPoolId: config.userPoolId, Username: email });
}

/**
 * userPoolAccessToken signs a demo user in at the local user pool, as the web app does, and
 * returns the access token, for calls a test makes on the user's behalf.
 */
export async function userPoolAccessToken(baseUrl: string, email: string, password: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as {
    userPoolClientId: string;
    userPoolEndpoint?: string;
  };
  if (!config.userPoolEndpoint) throw new Error('config.json has no userPoolEndpoint: not the local stack');
  const response = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  });
  const body = (await response.json()) as { AuthenticationResult?: { AccessToken?: string } };
  const token = body.AuthenticationResult?.AccessToken;
  if (!response.ok || !token) throw new Error(`InitiateAuth: HTTP ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/**
 * resetUserSettings puts a demo user's layout and last viewed page back to a fresh sign-in's,
 * so that other test files find the user as the seed left them.
 */
export async function resetUserSettings(baseUrl: string, email: string, password: string): Promise<void> {
  const token = await userPoolAccessToken(baseUrl, email, password);
  const settings = { lastViewedPage: encodeURIComponent('/app/default'), horizontalMenu: 'false' };
  for (const [key, value] of Object.entries(settings)) {
    const response = await fetch(`${baseUrl}/usersettings/key/${key}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key, value }),
    });
    if (!response.ok) throw new Error(`reset ${key} of ${email}: HTTP ${response.status} ${await response.text()}`);
  }
}
