// A real OAuth 2 authorization server for the auth tests: oauth2-mock-server
// (pinned in package.json) on 127.0.0.1, with the one client it knows
// (OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET from the environment). The mock
// issues a token to anyone; this adds the client authentication a real
// server does (HTTP Basic, RFC 6749 §2.3.1, or the body) and puts the
// RFC 8707 resource the client asked for in the token's audience.
// It prints {"issuer": URL} once listening, then one JSON line per token
// request, which the tests count.
import { randomUUID, verify } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

const clientId = process.env.OAUTH_CLIENT_ID;
const clientSecret = process.env.OAUTH_CLIENT_SECRET;
// With OAUTH_CLIENT_PUBLIC_KEY (SPKI PEM) the client authenticates with a
// JWT it signs instead (RFC 7523 §2.2, private_key_jwt), checked here.
const publicKey = process.env.OAUTH_CLIENT_PUBLIC_KEY;
let issuer;

function b64json(s) {
  return JSON.parse(Buffer.from(s, 'base64url').toString());
}

// assertionOK checks the assertion's signature (RS256 or ES256) and claims.
function assertionOK(body) {
  if (body.client_assertion_type !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' || typeof body.client_assertion !== 'string') {
    return false;
  }
  const [h, p, sig] = body.client_assertion.split('.');
  const header = b64json(h);
  const claims = b64json(p);
  const alg = { RS256: {}, ES256: { dsaEncoding: 'ieee-p1363' } }[header.alg];
  if (alg === undefined || !verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, ...alg }, Buffer.from(sig, 'base64url'))) {
    return false;
  }
  const now = Date.now() / 1000;
  return claims.iss === clientId && claims.sub === clientId && claims.aud === issuer &&
    claims.exp > now && claims.exp - now <= 600 && typeof claims.jti === 'string' && body.client_id === clientId;
}

function credentials(req) {
  const h = req.headers.authorization ?? '';
  if (h.toLowerCase().startsWith('basic ')) {
    const pair = Buffer.from(h.slice(6).trim(), 'base64').toString();
    const at = pair.indexOf(':');
    const dec = (s) => decodeURIComponent(s.replace(/\+/g, ' '));
    return at < 0 ? null : { id: dec(pair.slice(0, at)), secret: dec(pair.slice(at + 1)), style: 'basic' };
  }
  if (req.body.client_id !== undefined) {
    return { id: req.body.client_id, secret: req.body.client_secret, style: 'body' };
  }
  return null;
}

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
server.service.on('beforeTokenSigning', (token, req) => {
  token.payload.sub = clientId;
  // Two tokens issued in the same second differ, as a real server's do.
  token.payload.jti = randomUUID();
  if (req.body.resource !== undefined) {
    token.payload.aud = req.body.resource;
  }
});
server.service.on('beforeResponse', (response, req) => {
  const c = publicKey ? { style: 'jwt' } : credentials(req);
  const ok = publicKey ? assertionOK(req.body) : c !== null && c.id === clientId && c.secret === clientSecret;
  if (!ok) {
    response.statusCode = 401;
    response.body = { error: 'invalid_client', error_description: 'client authentication failed' };
  }
  console.log(JSON.stringify({
    token: ok, grant: req.body.grant_type, auth: c?.style ?? null,
    resource: req.body.resource ?? null, audience: req.body.audience ?? null, scope: req.body.scope ?? null,
  }));
});
await server.start(0, '127.0.0.1');
server.issuer.url = issuer = `http://127.0.0.1:${server.address().port}`;
console.log(JSON.stringify({ issuer: server.issuer.url }));
