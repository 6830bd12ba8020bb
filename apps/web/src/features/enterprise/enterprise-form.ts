import dayjs from 'dayjs';
import { fromClock, toClock } from '../accounts/components/AccessWindowFields.tsx';
import type { EnterpriseRow } from './api/enterprise.ts';
import type { EnterpriseForm } from './components/EnterpriseFormFields.tsx';

/** A row as the enterprise form edits it: the unit's fields and its administrator's. */
export const toForm = (r: EnterpriseRow): Partial<EnterpriseForm> => {
  const a = r.Admin;
  return {
    HoldName: r.HoldName,
    HoldType: r.HoldType as EnterpriseForm['HoldType'],
    Phone: a?.Phone ?? '',
    UserName: a?.UserName ?? '',
    Contact: a?.Contact ?? '',
    Email: a?.Email ?? '',
    Address: a?.Address ?? '',
    TimeZone: a?.TimeZone || undefined,
    ServiceEndDate: a?.ServiceEndDate ? dayjs(a.ServiceEndDate) : null,
    AccessStart: fromClock(a?.AccessStart),
    AccessEnd: fromClock(a?.AccessEnd),
    DefaultProvince: a?.DefaultProvince ?? '',
    Remark: a?.Remark ?? '',
    Funs: a?.Funs ?? [],
  };
};

/** The administrator's part of a body: what AddEnterprise and ModifyEnterprise share. */
export const adminBody = (v: EnterpriseForm) => ({
  Phone: v.Phone,
  UserName: v.UserName,
  Contact: v.Contact,
  Email: v.Email ?? '',
  Address: v.Address,
  ...(v.TimeZone ? { TimeZone: v.TimeZone } : {}),
  ServiceEndDate: v.ServiceEndDate ? v.ServiceEndDate.format('YYYY-MM-DD') : '',
  AccessStart: toClock(v.AccessStart),
  AccessEnd: toClock(v.AccessEnd),
  DefaultProvince: v.DefaultProvince ?? '',
  Remark: v.Remark ?? '',
  Funs: v.Funs ?? [],
});
