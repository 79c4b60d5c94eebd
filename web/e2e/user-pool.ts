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
