/**
 * The sms calls whose ids `tenancy.test.ts` in this folder tries with a sibling hold's ids, so the
 * project-wide tenancy test counts them as covered (Sms/DeliveryReport takes a MessageID but only
 * the gateway's token: a console user's token is refused).
 */
export const SMS_TENANCY_PATHS: string[] = ['Sms/SendSms', 'Sms/GetSmsList', 'Sms/ExportSmsList', 'Sms/DeliveryReport'];
