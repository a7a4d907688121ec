/** Spec section 4 and 9: login (and register) store the session and go home after a 500 ms toast (libs/domain). */
export { LOGIN_TOAST_MS } from '@sum28/domain';
