import { parseIdpMetadata } from '../../auth/saml-metadata.ts';
import type { SamlConfig } from '../../config.ts';
import { ProviderLoginError } from './login-errors.ts';

/** What node-saml needs to know of the IdP. */
export interface IdpSettings {
  entryPoint: string;
  idpCert: string | string[];
  idpIssuer: string | undefined;
  /** Single logout, HTTP-Redirect; none: logging out ends Arca's session only. */
  logoutUrl: string | undefined;
}

/** After a failed refresh, the metadata in hand serves this long before the next try. */
const RETRY_MS = 60_000;

/**
 * The IdP's settings: the configured ones, or those of its metadata URL,
 * fetched at start and again once older than the refresh period (the IdP
 * rolls its keys over by publishing the new certificate beside the old). A
 * failed refresh keeps the metadata in hand; with none yet, sign-in answers
 * that the IdP cannot be reached. Separately configured settings win.
 */
export function createIdpSettings(
  config: SamlConfig,
  log: (error: unknown) => void,
): { get(): Promise<IdpSettings> } {
  const configured = () => ({
    entryPoint: config.entryPoint!,
    idpCert: config.idpCert!,
    idpIssuer: config.idpIssuer,
    logoutUrl: config.logoutUrl,
  });
  const url = config.metadataUrl;
  if (!url) return { get: () => Promise.resolve(configured()) };

  let held: { settings: IdpSettings; freshUntil: number } | undefined;
  let pending: Promise<IdpSettings> | undefined;

  async function fetchSettings(): Promise<IdpSettings> {
    const answer = await fetch(url!, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) throw new Error(`IdP metadata: HTTP ${answer.status}`);
    const metadata = parseIdpMetadata(await answer.text(), config.idpIssuer);
    return {
      entryPoint: config.entryPoint ?? metadata.ssoUrl,
      idpCert: config.idpCert ?? metadata.certs,
      idpIssuer: config.idpIssuer ?? metadata.entityId,
      logoutUrl: config.logoutUrl ?? metadata.sloUrl,
    };
  }

  function refresh(): Promise<IdpSettings> {
    pending ??= fetchSettings()
      .then((settings) => {
        held = { settings, freshUntil: Date.now() + config.metadataRefreshMs };
        return settings;
      })
      .catch((error: unknown) => {
        log(error);
        if (!held) throw new ProviderLoginError('unavailable', error);
        held.freshUntil = Date.now() + Math.min(RETRY_MS, config.metadataRefreshMs);
        return held.settings;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  // Fetched at start, so that the first login does not wait for it.
  refresh().catch(() => undefined);
  return {
    get: () => (held && held.freshUntil > Date.now() ? Promise.resolve(held.settings) : refresh()),
  };
}
