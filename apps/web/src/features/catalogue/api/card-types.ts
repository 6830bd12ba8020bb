import type {
  AddCardTypeData,
  AddCardTypeInput,
  CardTypeListQuery,
  CardTypeRow,
  CardTypeSortColumn,
  ModifyCardTypeInput,
} from '@lodestar/contract/catalogue';
import type { Page } from '@lodestar/domain';
import { api } from '../../../api/instance.ts';
import { CATALOGUE_KEY, type ListFilters } from './query.ts';

export type { AddCardTypeInput, CardTypeSortColumn };
export type CardTypeFilters = ListFilters<CardTypeListQuery>;

export const cardTypeListKey = [...CATALOGUE_KEY, 'cardtypes'];

export const getCardTypeList = (q: CardTypeListQuery) => api.post<Page<CardTypeRow>>('cardtype/getcardtypelist', q);
/** OperatorID 0 or null: a form factor of any carrier. */
export const addCardType = (body: AddCardTypeInput) => api.post<AddCardTypeData>('cardtype/addcardtype', body);
export const modifyCardType = (body: ModifyCardTypeInput) => api.post<null>('cardtype/modifycardtype', body);
export const removeCardType = (CardTypeID: number) => api.post<null>('cardtype/removecardtype', { CardTypeID });
