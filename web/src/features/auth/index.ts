// The auth feature's public entry: what other features may use of it.
export { useAuth, type AuthContextValue, type AuthStatus } from './auth-context';
