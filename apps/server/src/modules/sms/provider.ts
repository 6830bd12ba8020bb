/**
 * SMS delivery. The local provider (default) writes the message to the server log: this machine
 * reaches no SMS gateway, and the console says so when it is in use. The HTTP provider posts
 * `{ phone, text }` (login codes) or `{ phone, text, id }` (SMS to SIMs, `id` = our MessageID) as
 * JSON to SMS_HTTP_URL with SMS_HTTP_TOKEN as a bearer token, the shape most SMS gateways or a small
 * adapter in front of them accept; the gateway reports delivery to Sms/DeliveryReport.
 */
export interface SmsProvider {
  readonly name: 'local' | 'http';
  /** A login code, or with no `code` a notice sent instead of one. */
  send(phone: string, text: string, code?: string): Promise<void>;
  /**
   * A plain message to a SIM (Sms/SendSms); `id` is our message id. Throws when the provider
   * refuses it; may answer the gateway's own id for its delivery reports.
   */
  sendText(phone: string, text: string, id: string): Promise<{ providerMessageId?: string }>;
}

export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local' as const;
  constructor(private readonly log: (line: string) => void) {}

  async send(phone: string, text: string, code?: string): Promise<void> {
    // The e2e tests and a developer without a gateway read the code from this exact line.
    if (code) this.log(`[local SMS provider] SMS code for ${phone}: ${code} — ${text}`);
    else this.log(`[local SMS provider] SMS to ${phone} (written here only, not delivered): ${text}`);
  }

  async sendText(phone: string, text: string, id: string): Promise<{ providerMessageId?: string }> {
    this.log(`[local SMS provider] SMS #${id} to ${phone} (written here only, not delivered): ${text}`);
    return {};
  }
}

export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http' as const;
  constructor(
    private readonly url: string,
    private readonly token: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  private async post(body: object): Promise<Response> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    return res;
  }

  async send(phone: string, text: string): Promise<void> {
    await this.post({ phone, text });
  }

  async sendText(phone: string, text: string, id: string): Promise<{ providerMessageId?: string }> {
    const res = await this.post({ phone, text, id });
    // A gateway may answer its own id (`{ id }` or `{ messageId }`); anything else is fine too.
    const body = (await res.json().catch(() => null)) as { id?: unknown; messageId?: unknown } | null;
    const own = body?.messageId ?? body?.id;
    return typeof own === 'string' || typeof own === 'number' ? { providerMessageId: String(own) } : {};
  }
}
