/**
 * An operation's security: what its page says a reader sends for it (each scheme in words, with the
 * permission and the link to Plaza's authentication page), and the credentials its samples send,
 * read from environment variables.
 */
import type {PhrasingContent} from 'mdast';
import snakeCase from 'lodash/snakeCase';
import {isPlazaKey, type SecurityScheme} from '../api-model/specs';
import {code, joinWords, link, typeList} from './page-nodes';
import type {ApiPage} from './operation';
import type {Pieces, SampleRequest} from './samples';
import {text} from './spec-text';

/** The HTTP authentication schemes whose credential goes in the Authorization header after the scheme's name. */
const authorizationPrefix = (scheme: SecurityScheme): string => {
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'Bearer ';
  const name = scheme.scheme ?? '';
  return `${name.charAt(0).toUpperCase()}${name.slice(1).toLowerCase()} `;
};

/** Whether a scheme is Plaza's secret key: only in a spec that keeps Plaza's conventions. */
const plazaKey = (page: ApiPage, scheme: SecurityScheme | undefined): boolean => page.api.plaza === true && isPlazaKey(scheme);

/** The environment variable a sample reads a scheme's credential from: the scheme's name in capitals, or PLAZA_SECRET_KEY. */
function credentialVariable(page: ApiPage, name: string, scheme: SecurityScheme): string {
  return plazaKey(page, scheme) ? 'PLAZA_SECRET_KEY' : snakeCase(name).toUpperCase();
}

/** What a reader sends for one security scheme, in words. */
function credentialWords(page: ApiPage, name: string, scheme: SecurityScheme | undefined, scopes: string[] = []): PhrasingContent[] {
  // A requirement's scopes are all needed together.
  const granted = scopes.length
    ? [text(scopes.length > 1 ? ' granting the scopes ' : ' granting the scope '), ...typeList(scopes, ' and ')]
    : [];
  const authorization = [...granted, text(' in the '), code('Authorization'), text(' header')];
  if (scheme?.type === 'apiKey')
    return [
      text(plazaKey(page, scheme) ? 'your secret key in the ' : 'an API key in the '),
      code(scheme.name ?? name),
      text(` ${scheme.in}`),
    ];
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return [text('a bearer token'), ...authorization];
  if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
    return [text('a user name and password (HTTP basic, Base64 of '), code('user:password'), text(')'), ...authorization];
  if (scheme?.type === 'http') return [text(`${scheme.scheme} credentials`), ...authorization];
  if (scheme?.type === 'oauth2') return [text('an OAuth 2.0 access token of '), code(name), text(' as a bearer token'), ...authorization];
  if (scheme?.type === 'openIdConnect')
    return [text('an OpenID Connect access token of '), code(name), text(' as a bearer token'), ...authorization];
  return [code(name)];
}

/** The operation's security: each requirement's schemes together, requirements as alternatives. */
export function authentication(page: ApiPage): PhrasingContent[] {
  // An empty requirement (`{}`) is the choice of sending no credentials: with others, it makes them optional.
  const requirements = (page.api.security ?? []).filter((requirement) => Object.keys(requirement).length > 0);
  if (requirements.length === 0) return [text('No authentication.')];
  const optional = requirements.length < (page.api.security ?? []).length;
  const schemes = page.api.securitySchemes ?? {};
  const ways = requirements.map((requirement) =>
    joinWords(
      Object.entries(requirement).map(([name, scopes]) => credentialWords(page, name, schemes[name], scopes)),
      ' and ',
    ),
  );
  const samples = requirements.length > 1 ? [text(' The samples send the first.')] : [];
  const permission = (page.api as {'x-plaza-permission'?: string})['x-plaza-permission'];
  const plaza = requirements.some((requirement) => Object.keys(requirement).some((name) => plazaKey(page, schemes[name])));
  return [
    text('Send '),
    ...joinWords(ways, ' or '),
    ...(permission ? [text(' with the '), code(permission), text(' permission')] : []),
    text('.'),
    ...(optional ? [text(' Authentication is optional: the request may also be sent without credentials.')] : []),
    ...(plaza ? [text(' See '), link('Authentication', '/api/authentication'), text('.')] : []),
    ...samples,
  ];
}

/**
 * The credentials of the operation's first security requirement that names a scheme (the samples send one way), as
 * headers and query parameters whose values the samples read from the environment.
 */
export function sampleCredentials(page: ApiPage): {
  headers: [string, Pieces][];
  query: [string, Pieces][];
  cookies: Pieces[];
  basic?: SampleRequest['basic'];
} {
  // With optional authentication (an empty requirement among them), the samples still send credentials.
  const requirement = page.api.security?.find((one) => Object.keys(one).length > 0) ?? {};
  const found: ReturnType<typeof sampleCredentials> = {headers: [], query: [], cookies: []};
  for (const name of Object.keys(requirement)) {
    const scheme = page.api.securitySchemes?.[name];
    if (!scheme) continue;
    const value = {env: credentialVariable(page, name, scheme)};
    if (scheme.type === 'apiKey' && scheme.in === 'query') found.query.push([scheme.name ?? name, [value]]);
    else if (scheme.type === 'apiKey' && scheme.in === 'cookie') found.cookies.push([`${scheme.name ?? name}=`, value]);
    else if (scheme.type === 'apiKey') found.headers.push([scheme.name ?? name, [value]]);
    else if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
      found.basic = {user: `${value.env}_USER`, password: `${value.env}_PASSWORD`};
    else found.headers.push(['Authorization', [authorizationPrefix(scheme), value]]);
  }
  return found;
}
