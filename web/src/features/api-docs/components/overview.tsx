/** The Overview tab (spec §2.9). */
export function ApiOverview() {
  return (
    <div className="api-overview">
      <ul>
        <li>
          <strong>Payment:</strong> most calculation endpoints require a verified 0.1 SHM payment from the signed-in wallet, unless
          the payment gate is disabled.
        </li>
        <li>
          <strong>Admin:</strong> admin endpoints need a bearer token (<code>Authorization: Bearer &lt;adminToken&gt;</code>), obtained by
          signing the admin challenge with the authorized wallet.
        </li>
        <li>
          <strong>Requests:</strong> all POST requests send JSON (<code>Content-Type: application/json</code>).
        </li>
        <li>
          <strong>Responses:</strong> all responses are JSON with a success status; errors reply{' '}
          <code>{'{ "error": { "code", "message", "requestId" } }'}</code> with the matching HTTP status.
        </li>
        <li>
          <strong>Rate limits:</strong> admin endpoints are limited to 20 requests per 15 minutes per IP; the <code>RateLimit</code>{' '}
          and <code>Retry-After</code> headers say how many remain and when to retry.
        </li>
        <li>
          <strong>Machine-readable:</strong> the same API as an OpenAPI 3.1 document at <a href="/api/openapi.json">/api/openapi.json</a>.
        </li>
      </ul>
    </div>
  );
}
