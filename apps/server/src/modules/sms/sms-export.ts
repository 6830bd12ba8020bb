import type { SmsRow } from '@lodestar/contract/sms';
import type { ColumnSpec } from '../../lib/list-export.ts';

/** The SMS records table's columns, in its order. */
export const SMS_COLUMNS: ColumnSpec<SmsRow>[] = [
  [{ zh: '编号', en: 'Message', fr: 'Message n°' }, 10, (r) => r.MessageID],
  [{ zh: 'MSISDN', en: 'MSISDN', fr: 'MSISDN' }, 16, (r) => r.MSISDN],
  [{ zh: 'ICCID', en: 'ICCID', fr: 'ICCID' }, 24, (r) => r.ICCID],
  [{ zh: '所属客户', en: 'Customer', fr: 'Client' }, 18, (r) => r.HoldName],
  [{ zh: '短信内容', en: 'Content', fr: 'Contenu' }, 40, (r) => r.Content],
  [{ zh: '条数', en: 'Parts', fr: 'Parties' }, 8, (r) => r.Segments],
  [{ zh: '状态', en: 'State', fr: 'État' }, 10, (r) => r.StateText],
  [{ zh: '失败原因', en: 'Error', fr: 'Erreur' }, 24, (r) => r.Error],
  [{ zh: '通道', en: 'Provider', fr: 'Fournisseur' }, 10, (r) => r.Provider],
  [{ zh: '发送人', en: 'Sender', fr: 'Expéditeur' }, 14, (r) => r.UserName],
  [{ zh: '创建时间', en: 'Created', fr: 'Créé le' }, 20, (r) => r.CreateTime],
  [{ zh: '发送时间', en: 'Sent', fr: 'Envoyé le' }, 20, (r) => r.SentTime],
  [{ zh: '送达时间', en: 'Delivered', fr: 'Remis le' }, 20, (r) => r.DeliveredTime],
];

export const SMS_EXPORT_NAME = { zh: '短信记录', en: 'SMS records', fr: 'Historique SMS' };
