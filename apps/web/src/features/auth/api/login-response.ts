/** Its own module so that login.ts can load it on demand (with zod). */
export { loginResponse } from '@wallet/contract';
