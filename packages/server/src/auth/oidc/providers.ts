import { z } from 'zod';

/**
 * An OpenID Connect provider as the operator configures it in ARCA_OIDC_PROVIDERS
 * (a JSON array; docs/SECURITY.md, "Sign-in"). A preset fills in what is known of
 * ORCID, Google, Microsoft Entra ID and Keycloak; the operator's fields win.
 */
export interface OidcProvider {
  /** Stable slug: part of the callback URL and of the linked identities. */
  id: string;
  name: string;
  /** An image URL the login page shows beside the name. */
  icon: string | undefined;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** Which claims carry what Arca reads (dotted names are not supported). */
  claims: { email: string; name: string; affiliation: string; orcid: string };
  /** Addresses of these domains only (empty: any). */
  allowedDomains: string[];
  /** First logins with a new verified address create an account. */
  createAccounts: boolean;
  /**
   * The provider vouches for every address it sends even without `email_verified`
   * (some institutional providers): only for providers whose users cannot choose it.
   */
  trustEmail: boolean;
}

interface Preset {
  name: string;
  issuer?: string;
  scopes?: string;
  icon?: string;
  claims?: Partial<OidcProvider['claims']>;
}

const PRESETS: Record<'orcid' | 'orcid-sandbox' | 'google' | 'entra' | 'keycloak', Preset> = {
  orcid: {
    name: 'ORCID',
    issuer: 'https://orcid.org',
    scopes: 'openid',
    icon: 'https://orcid.org/assets/vectors/orcid.logo.icon.svg',
    claims: { orcid: 'sub' },
  },
  'orcid-sandbox': {
    name: 'ORCID Sandbox',
    issuer: 'https://sandbox.orcid.org',
    scopes: 'openid',
    icon: 'https://orcid.org/assets/vectors/orcid.logo.icon.svg',
    claims: { orcid: 'sub' },
  },
  google: { name: 'Google', issuer: 'https://accounts.google.com' },
  // The issuer names the tenant: https://login.microsoftonline.com/<tenant>/v2.0
  entra: { name: 'Microsoft', claims: { email: 'email' } },
  // The issuer is the realm: https://keycloak.example.org/realms/<realm>
  keycloak: { name: 'Keycloak' },
};

const providerInput = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lowercase letters, digits and hyphens'),
  preset: z.enum(['orcid', 'orcid-sandbox', 'google', 'entra', 'keycloak']).optional(),
  name: z.string().min(1).optional(),
  icon: z.url().optional(),
  issuer: z.url().optional(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.string().min(1).optional(),
  claims: z
    .object({
      email: z.string().min(1),
      name: z.string().min(1),
      affiliation: z.string().min(1),
      orcid: z.string().min(1),
    })
    .partial()
    .optional(),
  allowedDomains: z.array(z.string().min(1)).optional(),
  createAccounts: z.boolean().optional(),
  trustEmail: z.boolean().optional(),
});

/** Parses ARCA_OIDC_PROVIDERS; throws a message naming the bad field. */
export function parseOidcProviders(json: string | undefined): OidcProvider[] {
  if (!json?.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('ARCA_OIDC_PROVIDERS: not valid JSON');
  }
  const parsed = z.array(providerInput).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`ARCA_OIDC_PROVIDERS.${issue.path.join('.')}: ${issue.message}`);
  }
  const ids = new Set<string>();
  return parsed.data.map((input) => {
    if (ids.has(input.id)) throw new Error(`ARCA_OIDC_PROVIDERS: "${input.id}" appears twice`);
    ids.add(input.id);
    const preset: Partial<Preset> = input.preset ? PRESETS[input.preset] : {};
    const issuer = input.issuer ?? preset.issuer;
    if (!issuer) throw new Error(`ARCA_OIDC_PROVIDERS.${input.id}.issuer: required`);
    return {
      id: input.id,
      name: input.name ?? preset.name ?? input.id,
      icon: input.icon ?? preset.icon,
      issuer,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      scopes: input.scopes ?? preset.scopes ?? 'openid email profile',
      claims: {
        email: 'email',
        name: 'name',
        affiliation: 'affiliation',
        orcid: 'orcid',
        ...preset.claims,
        ...input.claims,
      },
      allowedDomains: (input.allowedDomains ?? []).map((domain) => domain.toLowerCase()),
      createAccounts: input.createAccounts ?? true,
      trustEmail: input.trustEmail ?? false,
    };
  });
}
