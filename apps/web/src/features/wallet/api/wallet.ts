import type { FileIdData } from '@lodestar/contract/common';
import type { OrderView } from '@lodestar/contract/payments';
import type {
  GiftInput,
  TopUpInput,
  Wallet,
  WalletDetailFilters,
  WalletDetailListInput,
  WalletDetailSortColumn,
  WalletEntryRow,
  WalletTotals,
} from '@lodestar/contract/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { ListReply } from '../../../components/table/use-server-list.ts';
import { payOrderListRoot } from '../../payments/api/payments.ts';

export type { WalletDetailSortColumn, WalletEntryRow, WalletTotals };

/** Every wallet query key starts with this: a payment, gift or upgrade refreshes them all. */
export const walletRoot = ['wallet'] as const;
export const walletKey = [...walletRoot, 'balance'] as const;
export const walletDetailRoot = [...walletRoot, 'detail'] as const;

export const getWallet = () => api.post<Wallet>('Wallet/GetWallet', {});
export const topUp = (body: TopUpInput) => api.post<OrderView>('Wallet/TopUp', body);
export const gift = (body: GiftInput) => api.post<{ VPoint: number }>('Wallet/Gift', body);
export const getWalletDetailList = (q: WalletDetailListInput) =>
  api.post<ListReply<WalletEntryRow, WalletTotals>>('Wallet/GetDetailList', q);
export const exportWalletDetailList = (f: WalletDetailFilters) => api.post<FileIdData>('Wallet/ExportDetailList', f);

export function useWallet(enabled = true) {
  return useQuery({ queryKey: walletKey, queryFn: getWallet, enabled });
}

export function useTopUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: topUp,
    onSuccess: () => void qc.invalidateQueries({ queryKey: payOrderListRoot }),
  });
}

export function useGift() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: gift, onSuccess: () => void qc.invalidateQueries({ queryKey: walletRoot }) });
}

export function useExportWalletDetail() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: exportWalletDetailList,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['download', 'list'] }),
  });
}
