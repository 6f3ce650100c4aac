/**
 * The server log of an e2e run (issue 20 "Logs"): e2e/server.ts writes everything the product
 * prints to this file as well, and tests/server-log.teardown.ts reads it after the last spec.
 */
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The log file of the run on `port` (next to its data directory, kept after the run). */
export const serverLogPath = (port: number): string => path.join(root, '.data', `e2e-${port}-server.log`);

/** What a log must not carry, found on one line. */
export type LogFinding = { line: number; kind: string; excerpt: string };

/** The demo seed's fixed invitation tokens (shared/demo-data.md). */
const DEMO_INVITATION_TOKENS = ['demo-nina-acme-sales', 'demo-cancelled', 'demo-adam-premium'];

const CHECKS: { kind: string; pattern: RegExp; jsonOnly?: boolean }[] = [
  // /auth/callback?code=…&state=…, or the parameters anywhere else.
  { kind: 'OAuth code or state', pattern: /[?&](?:code|state)=(?!\[redacted\])[^&\s"]/ },
  {
    kind: 'tracking token',
    pattern: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}/,
  },
  { kind: 'tracking token in a path', pattern: /\/t\/[a-z]\/(?!\[redacted\])[^/?"\s]/ },
  {
    kind: 'invitation token',
    pattern: new RegExp(
      `${DEMO_INVITATION_TOKENS.join('|')}|\\/invitations\\/(?!\\[redacted\\]|resend(?:[/?"\\s]|$))[^/?"\\s]`,
    ),
  },
  // Masked addresses (a***@example.org) do not match: '*' is not part of a local part here.
  // Only the server's own lines (JSON); the start banner lists the demo sign-in accounts on purpose.
  {
    kind: 'e-mail address',
    pattern: /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u,
    jsonOnly: true,
  },
];

/** Every line of `log` that carries an OAuth code, a token or a full address. */
export function findLogSecrets(log: string): LogFinding[] {
  const findings: LogFinding[] = [];
  log.split('\n').forEach((text, index) => {
    const isJson = text.startsWith('{');
    for (const { kind, pattern, jsonOnly } of CHECKS) {
      if (jsonOnly === true && !isJson) continue;
      const match = pattern.exec(text);
      if (!match) continue;
      const start = Math.max(0, match.index - 60);
      findings.push({
        line: index + 1,
        kind,
        excerpt: text.slice(start, match.index + match[0].length + 20),
      });
    }
  });
  return findings;
}
