import { X509Certificate } from 'node:crypto';
import { create } from 'xmlbuilder2';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** What Arca reads of an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string;
  /** PEM certificates the IdP signs with (several while it rolls its key over). */
  certs: string[];
  /** Single sign-on, HTTP-Redirect binding. */
  ssoUrl: string;
  /** Single logout, HTTP-Redirect binding, when the IdP offers it. */
  sloUrl: string | undefined;
}

/** The part of the DOM (xmlbuilder2's parser builds one) read here; the server has no DOM types. */
interface XmlElement {
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement>;
  readonly parentNode: XmlElement | null;
  readonly textContent: string | null;
}

const pem = (base64: string) =>
  `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

function redirectLocation(descriptor: XmlElement, service: string): string | undefined {
  for (const element of Array.from(descriptor.getElementsByTagNameNS(MD, service))) {
    if (element.getAttribute('Binding') === REDIRECT) return element.getAttribute('Location') ?? '';
  }
  return undefined;
}

/**
 * Reads an IdP's metadata (an EntityDescriptor, or an EntitiesDescriptor such
 * as a federation's, where `entityId` picks the IdP). Throws a message naming
 * what is missing: a wrong file must stop the start, not every later login.
 */
export function parseIdpMetadata(xml: string, entityId?: string): IdpMetadata {
  let document: XmlElement;
  try {
    document = create(xml).node as unknown as XmlElement;
  } catch (error) {
    throw new Error(`not XML: ${(error as Error).message}`, { cause: error });
  }
  const idps = Array.from(document.getElementsByTagNameNS(MD, 'IDPSSODescriptor')).map(
    (descriptor) => ({
      descriptor,
      entityId: descriptor.parentNode?.getAttribute('entityID') ?? '',
    }),
  );
  const chosen = entityId ? idps.filter((idp) => idp.entityId === entityId) : idps;
  if (chosen.length === 0) {
    throw new Error(`no IDPSSODescriptor${entityId ? ` for ${entityId}` : ''}`);
  }
  if (chosen.length > 1) throw new Error('several identity providers: set ARCA_SAML_IDP_ISSUER');
  const { descriptor } = chosen[0]!;

  const certs: string[] = [];
  for (const key of Array.from(descriptor.getElementsByTagNameNS(MD, 'KeyDescriptor'))) {
    const use = key.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const cert of Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const text = pem((cert.textContent ?? '').replace(/\s+/g, ''));
      try {
        new X509Certificate(text);
      } catch {
        throw new Error('a signing certificate is not a valid X.509 certificate');
      }
      certs.push(text);
    }
  }
  if (certs.length === 0) throw new Error('no signing certificate');

  const ssoUrl = redirectLocation(descriptor, 'SingleSignOnService');
  if (!ssoUrl || !URL.canParse(ssoUrl)) {
    throw new Error('no SingleSignOnService with the HTTP-Redirect binding');
  }
  const sloUrl = redirectLocation(descriptor, 'SingleLogoutService');
  return {
    entityId: chosen[0]!.entityId,
    certs,
    ssoUrl,
    sloUrl: sloUrl && URL.canParse(sloUrl) ? sloUrl : undefined,
  };
}
