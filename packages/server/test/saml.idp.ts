import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The part of samlify's API used here (its own types pull in the DOM library, whose fetch clashes with Node's). */
interface Samlify {
  setSchemaValidator(validator: { validate: (xml: string) => Promise<string> }): void;
  IdentityProvider(settings: Record<string, unknown>): SamlifyIdp;
  ServiceProvider(settings: Record<string, unknown>): unknown;
  Constants: { namespace: { binding: { redirect: string; post: string } } };
  SamlLib: { replaceTagsByValue(template: string, values: Record<string, string>): string };
}
interface SamlifyIdp {
  getMetadata(): string;
  parseLoginRequest(
    sp: unknown,
    binding: 'redirect',
    request: { query: Record<string, string> },
  ): Promise<{ extract: { request: { id: string } } }>;
  createLoginResponse(
    sp: unknown,
    request: { extract: unknown },
    binding: 'post',
    user: Record<string, string>,
    replace: (template: string) => { id: string; context: string },
  ): Promise<{ context: string }>;
  createLogoutRequest(
    sp: unknown,
    binding: 'redirect',
    user: { logoutNameID: string; sessionIndex?: string },
    relayState?: string,
  ): { context: string };
  parseLogoutRequest(
    sp: unknown,
    binding: 'redirect',
    request: { query: Record<string, string>; octetString: string },
  ): Promise<{ extract: LogoutRequestExtract }>;
  createLogoutResponse(
    sp: unknown,
    request: { extract: LogoutRequestExtract },
    binding: 'redirect',
    relayState?: string,
  ): { context: string };
}
/** What samlify reads of a LogoutRequest. */
export interface LogoutRequestExtract {
  request: { id: string };
  nameID: string;
  sessionIndex: string | undefined;
}
const samlifyName: string = 'samlify';
const samlify = (await import(samlifyName)) as Samlify;

// The answers are built here; their schema is node-saml's business, not samlify's.
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

const fixtures = path.join(import.meta.dirname, 'fixtures/saml');
const read = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');
export const IDP_CERT = read('idp.crt');
export const SSO_URL = 'http://idp.test/sso';
export const SLO_URL = 'http://idp.test/slo';
/** The service provider's own signing key pair (the IdP's "other" pair, which it never trusts). */
export const SP_KEY = read('other.key');
export const SP_CERT = read('other.crt');
const IDP_ENTITY = 'http://idp.test/metadata';

export interface SamlPerson {
  nameId: string;
  attributes: Record<string, string>;
}

/** How the test IdP misbehaves, if at all. */
export interface AnswerOptions {
  /** Sign with a key Arca does not trust. */
  otherKey?: boolean;
  /** Sign the message only, not the assertion. */
  unsignedAssertion?: boolean;
  /** The assertion's validity ended this many minutes ago. */
  expiredMinutesAgo?: number;
}

const attribute = (name: string, value: string) =>
  `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri"><saml:AttributeValue xsi:type="xs:string">${value}</saml:AttributeValue></saml:Attribute>`;

/**
 * A SAML IdP (samlify) with its own keys: reads Arca's authentication request
 * from the redirect URL and answers with a signed assertion for `person`.
 */
export function samlIdp(siteUrl: string) {
  const idp = (key: string, cert: string) =>
    samlify.IdentityProvider({
      // Arca's own logout requests are signed with SP_KEY when it has one.
      wantLogoutRequestSigned: true,
      entityID: IDP_ENTITY,
      privateKey: key,
      signingCert: cert,
      singleSignOnService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: SSO_URL },
      ],
      singleLogoutService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: SLO_URL },
      ],
      nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified'],
    });
  const trusted = idp(read('idp.key'), IDP_CERT);
  const untrusted = idp(read('other.key'), read('other.crt'));
  const sp = (assertionsSigned: boolean) =>
    samlify.ServiceProvider({
      entityID: `${siteUrl}/api/auth/saml/metadata`,
      wantAssertionsSigned: assertionsSigned,
      wantMessageSigned: !assertionsSigned,
      // The IdP signs what it sends to Arca's logout URL.
      wantLogoutRequestSigned: true,
      wantLogoutResponseSigned: true,
      signingCert: SP_CERT,
      singleLogoutService: [
        {
          Binding: samlify.Constants.namespace.binding.redirect,
          Location: `${siteUrl}/api/auth/saml/slo`,
        },
      ],
      assertionConsumerService: [
        {
          Binding: samlify.Constants.namespace.binding.post,
          Location: `${siteUrl}/api/auth/saml/acs`,
        },
      ],
    });

  return {
    /** The IdP's metadata (samlify's), with the trusted key's certificate or another one. */
    metadata: (key: 'trusted' | 'other' = 'trusted') =>
      (key === 'trusted' ? trusted : untrusted).getMetadata(),

    /** The form fields the browser would post to Arca's ACS. */
    async answer(redirect: string, person: SamlPerson, options: AnswerOptions = {}) {
      const url = new URL(redirect);
      const query = Object.fromEntries(url.searchParams);
      const target = sp(!options.unsignedAssertion);
      const signer = options.otherKey ? untrusted : trusted;
      const { extract } = await trusted.parseLoginRequest(target, 'redirect', { query });
      const now = new Date(Date.now() - (options.expiredMinutesAgo ?? 0) * 60_000);
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const acs = `${siteUrl}/api/auth/saml/acs`;
      const id = `_${randomUUID()}`;
      const values = {
        ID: id,
        AssertionID: `_${randomUUID()}`,
        Destination: acs,
        Audience: `${siteUrl}/api/auth/saml/metadata`,
        SubjectRecipient: acs,
        Issuer: IDP_ENTITY,
        IssueInstant: now.toISOString(),
        StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: later,
        SubjectConfirmationDataNotOnOrAfter: later,
        NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
        NameID: person.nameId,
        InResponseTo: String(extract.request.id),
        AuthnStatement: '@AUTHN@',
        AttributeStatement: '@ATTRIBUTES@',
      };
      // replaceTagsByValue escapes its values: the two XML fragments go in afterwards.
      const fragments = {
        '@AUTHN@': `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="${id}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
        '@ATTRIBUTES@': `<saml:AttributeStatement>${Object.entries(person.attributes)
          .map(([name, value]) => attribute(name, value))
          .join('')}</saml:AttributeStatement>`,
      };
      const fill = (template: string) =>
        Object.entries(fragments).reduce(
          (xml, [marker, fragment]) => xml.replace(marker, fragment),
          samlify.SamlLib.replaceTagsByValue(template, values),
        );
      const { context } = await signer.createLoginResponse(
        target,
        { extract },
        'post',
        {},
        (template: string) => ({ id, context: fill(template) }),
      );
      return { SAMLResponse: context, RelayState: query.RelayState ?? '', sessionIndex: id };
    },

    /** The IdP's LogoutRequest for a person's session, as the path Arca's logout URL gets. */
    logoutRequest(nameId: string, sessionIndex?: string, options: { otherKey?: boolean } = {}) {
      const signer = options.otherKey ? untrusted : trusted;
      const user = { logoutNameID: nameId, ...(sessionIndex ? { sessionIndex } : {}) };
      return localPart(signer.createLogoutRequest(sp(true), 'redirect', user, '/bye').context);
    },

    /** Reads (and checks the signature of) Arca's LogoutRequest at the IdP's SLO URL. */
    async readLogoutRequest(redirect: string) {
      const url = new URL(redirect);
      const query = Object.fromEntries(url.searchParams);
      const octetString = url.search
        .slice(1)
        .split('&')
        .filter((pair) => !pair.startsWith('Signature='))
        .join('&');
      return trusted.parseLogoutRequest(sp(true), 'redirect', { query, octetString });
    },

    /** The IdP's answer to Arca's LogoutRequest, as the path Arca's logout URL gets. */
    logoutResponse(request: { extract: LogoutRequestExtract }, relayState: string) {
      return localPart(
        trusted.createLogoutResponse(sp(true), request, 'redirect', relayState).context,
      );
    },
  };
}

const localPart = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};
