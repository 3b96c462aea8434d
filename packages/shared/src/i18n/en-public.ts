/**
 * English texts of the screens shown without a session (sign-in, exception pages) and the page
 * titles: the web app's first download carries only these, the rest of `en` (./en.ts) loads once
 * it goes further. Separate module, so the bundler can leave the rest out of that download.
 */
export const enPublic = {
  app: { name: 'Orchard Ops', loading: 'Loading...' },
  /** the meter under a new password (docs/domain.md, Own password; the reset page shows it without a session) */
  passwordStrength: { label: 'Password strength', weak: 'Weak', medium: 'Medium', strong: 'Strong' },
  login: {
    title: 'Sign in',
    subtitle: 'Sign in to your account',
    username: 'Username',
    password: 'Password',
    rememberMe: 'Remember me',
    logIn: 'Log In',
    loggingIn: 'Logging In',
    showPassword: 'Show password',
    attempting: 'Attempting login...',
    welcome: 'Welcome',
    sessionRestored: 'Session restored',
    sessionExpiredTitle: 'Session expired',
    sessionExpiredText: 'Your session has expired. Please sign in again to continue.',
    retryTitle: 'Retry',
    retryPrompt: 'Your session has been restored. Do you want to retry the last operation?',
    unableToLogin: 'Unable to login',
    noOrganization: 'This account does not belong to an organization, please contact your system administrator',
    invalidCredentials: 'Invalid username or password.',
    disabled: 'This account has been disabled.',
    genericError: 'An error occured whilst logging in, please try again later.',
    noNetworkCaption: 'No Network',
    noNetworkDetail: 'The server cannot be reached. Please check your internet connection.',
    usernameRequired: 'Username is required',
    passwordRequired: 'Password is required',
  },
  exceptions: {
    returnToDashboard: 'RETURN TO DASHBOARD',
    notFoundHeading: 'PAGE NOT FOUND',
    notFoundText: 'The page you requested cannot be found.',
    errorHeading: 'ERROR OCCURED',
    errorText: 'Please try again later',
    accessDeniedHeading: 'ACCESS DENIED',
    accessDeniedText: "You don't have the required permissions.",
  },
  titles: {
    login: 'Login',
    dashboard: 'Dashboard',
    notFound: 'Page Not Found',
    error: 'Error',
    accessDenied: 'Access Denied',
    maintenance: 'Maintenance',
    settings: 'Settings',
    profile: 'Profile',
    preferences: 'Preferences',
    resetPassword: 'Reset password',
  },
} as const;
