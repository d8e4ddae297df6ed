// A real OAuth 2 authorization server for the auth tests: oauth2-mock-server
// (pinned in package.json) on 127.0.0.1, with the one client it knows
// (OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET from the environment). The mock
// issues a token to anyone; this adds the client authentication a real
// server does (HTTP Basic, RFC 6749 §2.3.1, or the body) and puts the
// RFC 8707 resource the client asked for in the token's audience.
// It prints {"issuer": URL} once listening, then one JSON line per token
// request, which the tests count.
import { randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

const clientId = process.env.OAUTH_CLIENT_ID;
const clientSecret = process.env.OAUTH_CLIENT_SECRET;

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
  const c = credentials(req);
  const ok = c !== null && c.id === clientId && c.secret === clientSecret;
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
server.issuer.url = `http://127.0.0.1:${server.address().port}`;
console.log(JSON.stringify({ issuer: server.issuer.url }));
