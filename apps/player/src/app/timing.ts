/** Spec section 4 and 9: login (and register) store the session and go home after a 500 ms toast. */
export const LOGIN_TOAST_MS = 500;
