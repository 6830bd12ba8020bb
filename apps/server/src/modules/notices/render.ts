import { formatFen, type Language, type NoticeKind, PayKind, SIM_RULES, WorkType } from '@lodestar/domain';
import { workTypeText } from '../work-orders/rules.ts';

export type NoticeParams = Record<string, string | number | boolean | null>;

/** A notice as the reader sees it: title, text and the console page it points to. */
export interface RenderedNotice {
  Title: string;
  Content: string;
  Link: string;
}

type Texts = Record<Language, string>;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

const T = {
  simExpiringTitle: { zh: 'SIM卡即将到期', en: 'SIM cards expiring soon', fr: 'Cartes SIM bientôt expirées' },
  simExpiringText: {
    zh: '您名下有 {Count} 张SIM卡将在 {Days} 天内到期，请及时续费。',
    en: '{Count} SIM card(s) in your organisation expire within {Days} days. Renew them in time.',
    fr: '{Count} carte(s) SIM de votre organisation expirent dans les {Days} jours. Pensez à les renouveler.',
  },
  simExpiredTitle: { zh: 'SIM卡已到期', en: 'SIM cards expired', fr: 'Cartes SIM expirées' },
  simExpiredText: {
    zh: '您名下有 {Count} 张SIM卡已到期，请尽快续费。',
    en: '{Count} SIM card(s) in your organisation have expired. Renew them to keep them in service.',
    fr: '{Count} carte(s) SIM de votre organisation ont expiré. Renouvelez-les pour les garder en service.',
  },
  workApprovedTitle: { zh: '工单 {WorkID} 已同意', en: 'Work order {WorkID} approved', fr: 'Ordre {WorkID} accepté' },
  workRejectedTitle: { zh: '工单 {WorkID} 已驳回', en: 'Work order {WorkID} rejected', fr: 'Ordre {WorkID} rejeté' },
  workApprovedText: {
    zh: '您对SIM卡 {ICCID} 的“{WorkType}”申请已同意。',
    en: 'Your “{WorkType}” request for SIM {ICCID} was approved.',
    fr: 'Votre demande « {WorkType} » pour la carte SIM {ICCID} a été acceptée.',
  },
  workRejectedText: {
    zh: '您对SIM卡 {ICCID} 的“{WorkType}”申请已驳回。',
    en: 'Your “{WorkType}” request for SIM {ICCID} was rejected.',
    fr: 'Votre demande « {WorkType} » pour la carte SIM {ICCID} a été rejetée.',
  },
  vipApprovedText: {
    zh: 'VIP升级 {ICCID} 已同意，设备的VIP到期日已顺延。',
    en: 'VIP upgrade {ICCID} was approved: its devices’ VIP expiry has moved.',
    fr: 'Le passage en VIP {ICCID} a été accepté : l’échéance VIP de ses appareils a été reportée.',
  },
  vipRejectedText: {
    zh: 'VIP升级 {ICCID} 已驳回，VPoint已退回钱包。',
    en: 'VIP upgrade {ICCID} was rejected: its VPoints were refunded to the wallet.',
    fr: 'Le passage en VIP {ICCID} a été rejeté : ses VPoints ont été remboursés au portefeuille.',
  },
  checkText: { zh: '审核意见：{CheckText}', en: 'Comment: {CheckText}', fr: 'Commentaire : {CheckText}' },
  paidTitle: { zh: '支付成功', en: 'Payment received', fr: 'Paiement reçu' },
  paidText: {
    zh: '{What}订单 {OrderNo}（{Amount} 元）已支付。',
    en: '{What} order {OrderNo} ({Amount} yuan) was paid.',
    fr: 'La commande {What} {OrderNo} ({Amount} yuans) est payée.',
  },
  failedTitle: { zh: '支付失败', en: 'Payment failed', fr: 'Paiement échoué' },
  failedText: {
    zh: '{What}订单 {OrderNo}（{Amount} 元）支付失败，未做任何更改。',
    en: '{What} order {OrderNo} ({Amount} yuan) failed; nothing was changed.',
    fr: 'La commande {What} {OrderNo} ({Amount} yuans) a échoué ; rien n’a été modifié.',
  },
  reason: { zh: '原因：{Reason}', en: 'Reason: {Reason}', fr: 'Motif : {Reason}' },
  renewal: { zh: '续费', en: 'Renewal', fr: 'de renouvellement' },
  smsPack: { zh: '短信包', en: 'SMS pack', fr: 'de pack SMS' },
  walletTopUp: { zh: '钱包充值', en: 'Wallet top-up', fr: 'de recharge du portefeuille' },
  insuranceExpiringTitle: {
    zh: '车辆保险即将到期',
    en: 'Insurance policies ending soon',
    fr: 'Polices bientôt échues',
  },
  insuranceExpiringText: {
    zh: '有 {Count} 份车辆保单将在 {Days} 天内到期，请及时续保。',
    en: '{Count} vehicle insurance polic(ies) end within {Days} days. Renew them in time.',
    fr: '{Count} police(s) d’assurance de véhicules prennent fin dans les {Days} jours. Pensez à les renouveler.',
  },
  insuranceExpiredTitle: { zh: '车辆保险已到期', en: 'Insurance policies ended', fr: 'Polices échues' },
  insuranceExpiredText: {
    zh: '有 {Count} 份车辆保单已到期。',
    en: '{Count} vehicle insurance polic(ies) have ended.',
    fr: '{Count} police(s) d’assurance de véhicules sont échues.',
  },
  vipExpiringTitle: { zh: '设备VIP即将到期', en: 'Device VIP ending soon', fr: 'VIP d’appareil bientôt échu' },
  vipExpiringText: {
    zh: '设备 {Device} 的VIP将于 {Expiry} 到期（{Days} 天内），请及时升级。',
    en: 'The VIP of device {Device} ends on {Expiry}, within {Days} days. Upgrade it in time.',
    fr: 'Le VIP de l’appareil {Device} prend fin le {Expiry}, dans les {Days} jours. Pensez à le prolonger.',
  },
  vipExpiredTitle: { zh: '设备VIP已过期', en: 'Device VIP expired', fr: 'VIP de l’appareil expiré' },
  vipExpiredText: {
    zh: '设备 {Device} 的VIP已于 {Expiry} 到期，拍照、90天历史、电子围栏等VIP功能已停用，请升级。',
    en: 'The VIP of device {Device} ended on {Expiry}: photo capture, 90-day history, geo-fences and the other VIP functions are off until it is upgraded.',
    fr: 'Le VIP de l’appareil {Device} a pris fin le {Expiry} : photos, historique de 90 jours, géoclôtures et autres fonctions VIP sont coupés jusqu’à sa prolongation.',
  },
  invoiceRequestedTitle: { zh: '新的发票申请', en: 'Invoice requested', fr: 'Facture demandée' },
  invoiceRequestedText: {
    zh: '{Hold} 申请开具发票（{Type}，{Amount} 元，抬头“{Title}”），请开票。',
    en: '{Hold} asks for an invoice ({Type}, {Amount} yuan, title “{Title}”). Issue it.',
    fr: '{Hold} demande une facture ({Type}, {Amount} yuans, intitulé « {Title} »). Émettez-la.',
  },
  invoiceIssuedTitle: { zh: '发票已开具', en: 'Invoice issued', fr: 'Facture émise' },
  invoiceIssuedText: {
    zh: '您申请的发票（{Amount} 元，抬头“{Title}”）已开具，发票号码 {InvoiceNo}，可下载PDF。',
    en: 'Your invoice ({Amount} yuan, title “{Title}”) was issued as number {InvoiceNo}. Its PDF is ready to download.',
    fr: 'Votre facture ({Amount} yuans, intitulé « {Title} ») est émise sous le numéro {InvoiceNo}. Son PDF est prêt.',
  },
  invoiceOrdinary: { zh: '普通发票', en: 'ordinary', fr: 'ordinaire' },
  invoiceSpecial: { zh: '增值税专用发票', en: 'special VAT', fr: 'TVA spéciale' },
  unknown: { zh: '通知', en: 'Notice', fr: 'Avis' },
  installTitle: { zh: '安装工单 {OrderNo}', en: 'Install task {OrderNo}', fr: 'Tâche d’installation {OrderNo}' },
  installassign: {
    zh: '您有新的安装工单，车架号 {VIN}，客户 {Customer}，请确认。',
    en: 'A new install task for VIN {VIN} (customer {Customer}) waits for your confirmation.',
    fr: 'Une nouvelle tâche d’installation pour le VIN {VIN} (client {Customer}) attend votre confirmation.',
  },
  installunassign: {
    zh: '工单已改派给其他安装师傅。',
    en: 'The task was reassigned to another installer.',
    fr: 'La tâche a été réaffectée à un autre installateur.',
  },
  installaccept: {
    zh: '安装师傅 {By} 已接单。',
    en: 'Installer {By} accepted the task.',
    fr: 'L’installateur {By} a accepté la tâche.',
  },
  installdecline: {
    zh: '安装师傅 {By} 拒绝了工单。',
    en: 'Installer {By} declined the task.',
    fr: 'L’installateur {By} a refusé la tâche.',
  },
  installsubmit: {
    zh: '安装师傅 {By} 已提交，等待审核。',
    en: 'Installer {By} submitted the task for approval.',
    fr: 'L’installateur {By} a soumis la tâche pour approbation.',
  },
  installapprove: {
    zh: '工单已审核通过。',
    en: 'The task was approved.',
    fr: 'La tâche a été approuvée.',
  },
  installreject: {
    zh: '工单被驳回，请返工。',
    en: 'The task was rejected; please rework it.',
    fr: 'La tâche a été rejetée ; merci de la reprendre.',
  },
  installcancel: {
    zh: '工单已取消。',
    en: 'The task was cancelled.',
    fr: 'La tâche a été annulée.',
  },
} satisfies Record<string, Texts>;

const withExtra = (text: string, extra: string) => (extra ? `${text} ${extra}` : text);

/**
 * The notice's title, text and link in the reader's language, from its kind and the values it was
 * left with (docs/SIM-API-2.md "Notices"). Params per kind:
 * - simExpiring `{ Count, Days }`, simExpired `{ Count }` (the daily scan);
 * - workOrderDecided `{ WorkID, WorkType, LockType, Approved, ICCID, CheckText }` (the review hook; a VIP
 *   upgrade's order carries its order number U<id> as ICCID);
 * - paymentPaid / paymentFailed `{ OrderNo, OrderID, Kind, AmountFen, Reason }` (payments);
 * - insuranceExpiring `{ Count, Days }`, insuranceExpired `{ Count }` (insurance/scan.ts).
 * - installTask `{ TaskID, OrderNo, VIN, Customer, Action, By, Remark }` (install tasks: assign, unassign,
 *   accept, decline, submit, approve, reject, cancel).
 * - vipExpiring `{ State: '7' | '30' | '60', DeviceID, DeviceName, Expiry, Day }`, vipExpired (State 'expired')
 *   (the daily scan, one per device, state and expiry);
 * - invoiceRequested `{ InvoiceID, Hold, Type, Title, AmountFen }`, invoiceIssued `{ InvoiceID, InvoiceNo, Title,
 *   AmountFen }` (invoices).
 */
export function renderNotice(kind: NoticeKind | string, p: NoticeParams, lang: Language): RenderedNotice {
  switch (kind) {
    case 'simExpiring':
      return {
        Title: T.simExpiringTitle[lang],
        Content: fill(T.simExpiringText[lang], { Count: num(p.Count), Days: num(p.Days) || SIM_RULES.expiringDays }),
        Link: '/recharge?DisplayState=expiring',
      };
    case 'simExpired':
      return {
        Title: T.simExpiredTitle[lang],
        Content: fill(T.simExpiredText[lang], { Count: num(p.Count) }),
        Link: '/recharge?DisplayState=expired',
      };
    case 'workOrderDecided': {
      const approved = p.Approved === true;
      const values = {
        WorkID: num(p.WorkID),
        ICCID: str(p.ICCID),
        WorkType: workTypeText(num(p.WorkType), p.LockType === null ? null : num(p.LockType), lang),
        CheckText: str(p.CheckText),
      };
      // A VIP upgrade's order (type 7) names its upgrade U<id> where SIM business names the card.
      const vip = num(p.WorkType) === WorkType.VipUpgrade;
      const texts = vip ? [T.vipApprovedText, T.vipRejectedText] : [T.workApprovedText, T.workRejectedText];
      const text = fill(texts[approved ? 0 : 1]![lang], values);
      const simLink = values.ICCID ? `/manage/sim?ICCID=${encodeURIComponent(values.ICCID)}` : '/manage/sim';
      return {
        Title: fill((approved ? T.workApprovedTitle : T.workRejectedTitle)[lang], values),
        Content: withExtra(text, values.CheckText ? fill(T.checkText[lang], values) : ''),
        Link: vip ? '/vip/upgrade-history' : simLink,
      };
    }
    case 'paymentPaid':
    case 'paymentFailed': {
      const paid = kind === 'paymentPaid';
      const values = {
        OrderNo: str(p.OrderNo),
        Amount: formatFen(num(p.AmountFen)),
        What: (num(p.Kind) === PayKind.SmsPack
          ? T.smsPack
          : num(p.Kind) === PayKind.WalletTopUp
            ? T.walletTopUp
            : T.renewal)[lang],
        Reason: str(p.Reason),
      };
      const text = fill((paid ? T.paidText : T.failedText)[lang], values);
      return {
        Title: (paid ? T.paidTitle : T.failedTitle)[lang],
        Content: withExtra(text, !paid && values.Reason ? fill(T.reason[lang], values) : ''),
        Link: `/reports/payOrder?OrderNo=${encodeURIComponent(values.OrderNo)}`,
      };
    }
    case 'insuranceExpiring':
      return {
        Title: T.insuranceExpiringTitle[lang],
        Content: fill(T.insuranceExpiringText[lang], { Count: num(p.Count), Days: num(p.Days) }),
        Link: '/insurance?State=expiring',
      };
    case 'insuranceExpired':
      return {
        Title: T.insuranceExpiredTitle[lang],
        Content: fill(T.insuranceExpiredText[lang], { Count: num(p.Count) }),
        Link: '/insurance?State=expired',
      };
    case 'installTask': {
      const values = {
        OrderNo: str(p.OrderNo),
        VIN: str(p.VIN),
        Customer: str(p.Customer),
        By: str(p.By),
        Reason: str(p.Remark),
      };
      const texts = T[`install${str(p.Action)}` as keyof typeof T] ?? T.unknown;
      return {
        Title: fill(T.installTitle[lang], values),
        Content: withExtra(fill(texts[lang], values), values.Reason ? fill(T.reason[lang], values) : ''),
        Link: `/info/task?TaskID=${num(p.TaskID)}`,
      };
    }
    case 'vipExpiring':
    case 'vipExpired': {
      const values = {
        Device: p.DeviceName ? `${str(p.DeviceID)} (${str(p.DeviceName)})` : str(p.DeviceID),
        Expiry: str(p.Expiry),
        Days: num(p.State),
      };
      const expired = kind === 'vipExpired';
      return {
        Title: (expired ? T.vipExpiredTitle : T.vipExpiringTitle)[lang],
        Content: fill((expired ? T.vipExpiredText : T.vipExpiringText)[lang], values),
        Link: `/vip/upgrade?Keyword=${encodeURIComponent(str(p.DeviceID))}`,
      };
    }
    case 'invoiceRequested':
    case 'invoiceIssued': {
      const values = {
        Hold: str(p.Hold),
        Type: (p.Type === 'special' ? T.invoiceSpecial : T.invoiceOrdinary)[lang],
        Title: str(p.Title),
        Amount: formatFen(num(p.AmountFen)),
        InvoiceNo: str(p.InvoiceNo),
      };
      const issued = kind === 'invoiceIssued';
      return {
        Title: (issued ? T.invoiceIssuedTitle : T.invoiceRequestedTitle)[lang],
        Content: fill((issued ? T.invoiceIssuedText : T.invoiceRequestedText)[lang], values),
        Link: `/vip/invoice?Status=${issued ? 'issued' : 'requested'}`,
      };
    }
    default:
      return { Title: T.unknown[lang], Content: '', Link: '' };
  }
}
