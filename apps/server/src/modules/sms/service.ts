import type { BuySmsPackInput, DeliveryReportInput, SendSmsInput, SmsListInput, SmsRow } from '@lodestar/contract/sms';
import { type Language, MSISDN_RE, PayKind, type PayMethod, SMS_PACKS, SmsState, smsSegments } from '@lodestar/domain';
import { badRequest, notFound, outsideHold } from '../../lib/errors.ts';
import type { HoldScope } from '../../lib/hold-scope.ts';
import { message } from '../../lib/messages.ts';
import type { OperationLogRepository } from '../../lib/operation-log-repository.ts';
import { formatInZone } from '../../lib/time.ts';
import { parseTimeRange } from '../../lib/time-range.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { Fulfilment, Payments } from '../payments/types.ts';
import type { SmsProvider } from './provider.ts';
import type { SmsRepository } from './repository.ts';

const STATE_TEXT: Record<number, Record<Language, string>> = {
  [SmsState.Queued]: { zh: '排队中', en: 'Queued', fr: 'En file' },
  [SmsState.Sent]: { zh: '已发送', en: 'Sent', fr: 'Envoyé' },
  [SmsState.Delivered]: { zh: '已送达', en: 'Delivered', fr: 'Remis' },
  [SmsState.Failed]: { zh: '失败', en: 'Failed', fr: 'Échec' },
};
export const smsStateText = (state: number, lang: Language) => STATE_TEXT[state]?.[lang] ?? String(state);

/** Messages handed to the provider at once (an HTTP gateway may take a while per message). */
const SEND_CONCURRENCY = 8;

/**
 * A send hands its messages over within the request; one still queued this long after was cut off
 * by a stopped server. Longer than any request may take (the console's time-out is ~17 minutes).
 */
export const INTERRUPTED_AFTER_MINUTES = 30;

/** Spaces and dashes people type inside numbers are dropped, and +86 (the import stores numbers without it). */
export const cleanMsisdn = (s: string) => s.replace(/[\s-]/g, '').replace(/^\+86/, '');

/** SMS to SIMs (manage/record), balances and packs (manage/msg). */
export class SmsService {
  constructor(
    private readonly repo: SmsRepository,
    private readonly holds: HoldScope,
    private readonly logs: OperationLogRepository,
    private readonly provider: SmsProvider,
    private readonly payments: Payments,
  ) {}

  async send(auth: AuthContext, input: SendSmsInput, lang: Language) {
    const numbers: string[] = [];
    input.MSISDNs.forEach((raw, i) => {
      const n = cleanMsisdn(raw);
      if (!MSISDN_RE.test(n))
        throw badRequest('invalidField', `MSISDNs[${i}] "${raw}" ${message('smsNotSimNumber', lang)}`);
      if (!numbers.includes(n)) numbers.push(n);
    });
    const segments = smsSegments(input.Content);
    if (segments === 0) throw badRequest('invalidField', 'Content');

    const simIds = await this.repo.simsByMsisdn(auth.holdPath, numbers);
    // A number that is not one of the caller's SIMs answers like another hold's id.
    if (numbers.some((n) => !simIds.has(n))) throw outsideHold();

    const need = segments * numbers.length;
    const ids = await this.repo.transaction(async (tx) => {
      const balance = await this.repo.lockBalance(tx, auth.holdId);
      if (balance < need) throw badRequest('smsBalanceLow', `${balance} < ${need}`);
      await this.repo.addBalance(tx, auth.holdId, -need);
      return this.repo.insertMessages(
        tx,
        numbers.map((msisdn) => ({
          holdId: auth.holdId,
          simId: simIds.get(msisdn)!,
          msisdn,
          content: input.Content,
          segments,
          provider: this.provider.name,
          userId: auth.userId,
        })),
      );
    });

    // Handed over after the debit is committed: a crash here leaves messages queued and paid
    // for, never sent and unpaid.
    const sent: { id: number; providerMessageId: string | null }[] = [];
    const failed: { id: number; error: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < numbers.length) {
        const i = next++;
        const id = ids[i]!;
        try {
          const r = await this.provider.sendText(numbers[i]!, input.Content, String(id));
          sent.push({ id, providerMessageId: r.providerMessageId ?? null });
        } catch (err) {
          failed.push({ id, error: err instanceof Error ? err.message : String(err) });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, numbers.length) }, worker));
    await this.repo.markSent(sent);
    const balance = await this.repo.refund(auth.holdId, failed);

    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'sendSms',
      detail: `Count ${numbers.length} Segments ${need} Failed ${failed.length} MSISDN ${numbers.join(',')}`.slice(
        0,
        2000,
      ),
      ip: auth.ip,
    });
    return {
      Count: numbers.length,
      Segments: (numbers.length - failed.length) * segments,
      Balance: balance,
      MessageIDs: ids,
    };
  }

  /** The hand-over that a stopped server left unfinished (see SmsRepository.failInterrupted). */
  failInterrupted(): Promise<number> {
    return this.repo.failInterrupted(
      INTERRUPTED_AFTER_MINUTES,
      'interrupted before the provider took it (server stopped); parts refunded',
    );
  }

  async list(auth: AuthContext, b: SmsListInput, lang: Language) {
    const scopePath = await this.holds.pathOf(auth, b.HoldID);
    const { from, to } = parseTimeRange(b, auth.timeZone);
    const { rows, count, segments } = await this.repo.list(
      {
        scopePath,
        msisdn: b.MSISDN ? cleanMsisdn(b.MSISDN) : undefined,
        iccid: b.ICCID || undefined,
        state: b.State === undefined || b.State === -1 ? undefined : b.State,
        from,
        to,
      },
      {
        offset: (b.PageIndex - 1) * b.PageSize,
        limit: b.PageSize,
        sort: b.SortColumn || 'CreateTime',
        desc: b.SortColumn ? b.SortType === 'desc' : true,
      },
    );
    const at = (d: Date | null) => (d ? formatInZone(d, auth.timeZone) : '');
    return {
      rows: rows.map(
        (r): SmsRow => ({
          MessageID: r.id,
          MSISDN: r.msisdn,
          ICCID: r.iccid ?? '',
          HoldName: r.holdName,
          Content: r.content,
          Segments: r.segments,
          State: r.state,
          StateText: smsStateText(r.state, lang),
          Error: r.error,
          Provider: r.provider,
          UserName: r.userName ?? '',
          CreateTime: at(r.createdAt),
          SentTime: at(r.sentAt),
          DeliveredTime: at(r.deliveredAt),
        }),
      ),
      total: count,
      Totals: { Count: count, Segments: segments },
    };
  }

  async balance(auth: AuthContext) {
    const hold = await this.holds.findById(auth.holdId);
    return {
      HoldID: auth.holdId,
      HoldName: hold?.name ?? '',
      Balance: await this.repo.balance(auth.holdId),
      Provider: this.provider.name,
    };
  }

  async buyPack(auth: AuthContext, input: BuySmsPackInput, lang: Language) {
    const pack = SMS_PACKS.find((p) => p.PackID === input.PackID);
    if (!pack) throw badRequest('smsUnknownPack', 'PackID');
    const order = await this.payments.createOrder(
      {
        kind: PayKind.SmsPack,
        method: input.Method as PayMethod,
        holdId: auth.holdId,
        userId: auth.userId,
        amountFen: pack.PriceFen,
        subject: PACK_SUBJECT[lang].replace('{n}', String(pack.Count)),
        smsPackId: pack.PackID,
        smsCount: pack.Count,
      },
      lang,
      auth.timeZone,
    );
    await this.logs.operation({
      userId: auth.userId,
      holdId: auth.holdId,
      action: 'buySmsPack',
      detail: `${pack.PackID} OrderNo ${order.OrderNo}`,
      ip: auth.ip,
    });
    return order;
  }

  /** Payments' fulfilment for a paid SMS pack: its count goes to the payer hold, in the paying transaction. */
  readonly fulfilPack: Fulfilment = async (tx, order) => {
    if (!order.smsCount || order.smsCount <= 0) throw new Error(`SMS pack order ${order.orderNo} has no count`);
    await this.repo.addBalance(tx, order.holdId, order.smsCount);
  };

  async deliveryReport(input: DeliveryReportInput): Promise<void> {
    if (!input.MessageID && !input.ProviderMessageID) throw badRequest('invalidField', 'MessageID is required');
    const row = await this.repo.findForReport({ id: input.MessageID, providerMessageId: input.ProviderMessageID });
    if (!row) throw notFound();
    await this.repo.report(row.id, input.State === 'delivered', input.Error ?? '');
  }
}

const PACK_SUBJECT: Record<Language, string> = {
  zh: '短信包 {n} 条',
  en: 'SMS pack, {n} messages',
  fr: 'Pack de {n} SMS',
};
