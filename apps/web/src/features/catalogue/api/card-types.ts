import type { CardTypeRow } from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListQuery } from './query.ts';

export interface CardTypeFilters {
  CardTypeName: string;
  OperatorID?: number;
}
export interface CardTypeBody {
  CardTypeName: string;
  /** 0: any carrier. */
  OperatorID: number;
  Remark?: string;
}

export const cardTypeListKey = [...CATALOGUE_KEY, 'cardtypes'];

export const getCardTypeList = (q: ListQuery<CardTypeFilters>) =>
  api.post<Page<CardTypeRow>>('cardtype/getcardtypelist', q);
export const addCardType = (body: CardTypeBody) => api.post<{ CardTypeID: number }>('cardtype/addcardtype', body);
export const modifyCardType = (body: CardTypeBody & { CardTypeID: number }) =>
  api.post<null>('cardtype/modifycardtype', body);
export const removeCardType = (CardTypeID: number) => api.post<null>('cardtype/removecardtype', { CardTypeID });
