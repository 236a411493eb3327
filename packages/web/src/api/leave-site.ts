/**
 * Sends the browser to another site (an identity provider). One object, so
 * that tests can watch where the app sends it: jsdom does not navigate.
 */
export const leaveSite = {
  to(url: string): void {
    window.location.assign(url);
  },
};
