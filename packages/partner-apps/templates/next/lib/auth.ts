// The module the server README's route imports `auth` from: the app's own sign-in.
export { auth } from './partner'
