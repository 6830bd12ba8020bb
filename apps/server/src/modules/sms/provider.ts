/**
 * SMS delivery. The local provider (default) writes the message to the server log: this machine
 * reaches no SMS gateway, and the console says so when it is in use. The HTTP provider posts
 * `{ phone, text }` as JSON to SMS_HTTP_URL with SMS_HTTP_TOKEN as a bearer token, the shape most
 * SMS gateways or a small adapter in front of them accept.
 */
export interface SmsProvider {
  readonly name: 'local' | 'http';
  send(phone: string, text: string, code: string): Promise<void>;
}

export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local' as const;
  constructor(private readonly log: (line: string) => void) {}

  async send(phone: string, text: string, code: string): Promise<void> {
    // The e2e tests and a developer without a gateway read the code from this exact line.
    this.log(`[local SMS provider] SMS code for ${phone}: ${code} — ${text}`);
  }
}

export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http' as const;
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(phone: string, text: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ phone, text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}
