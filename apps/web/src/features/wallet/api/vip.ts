import type {
  Prices,
  SetPricesInput,
  UpgradeInput,
  UpgradeListInput,
  UpgradeResult,
  UpgradeRow,
  VipDeviceListInput,
  VipDeviceRow,
  VipDeviceSortColumn,
  VipQuote,
} from '@lodestar/contract/vip';
import type { Page } from '@lodestar/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import { walletRoot } from './wallet.ts';

export type { UpgradeRow, VipDeviceRow, VipDeviceSortColumn, VipQuote };

export const vipRoot = ['vip'] as const;
export const vipDeviceRoot = [...vipRoot, 'devices'] as const;
export const upgradeListRoot = [...vipRoot, 'upgrades'] as const;

export const getPrices = (HoldID?: number) => api.post<Prices>('Vip/GetPrices', HoldID ? { HoldID } : {});
export const setPrices = (body: SetPricesInput) => api.post<Prices>('Vip/SetPrices', body);
export const getVipDeviceList = (q: VipDeviceListInput) => api.post<Page<VipDeviceRow>>('Vip/GetDeviceList', q);
export const getVipQuote = (body: UpgradeInput) => api.post<VipQuote>('Vip/Quote', body);
export const upgradeVip = (body: UpgradeInput) => api.post<UpgradeResult>('Vip/Upgrade', body);
export const getUpgradeList = (q: UpgradeListInput) => api.post<Page<UpgradeRow>>('Vip/GetUpgradeList', q);

export function usePrices(holdId: number | undefined, enabled = true) {
  return useQuery({ queryKey: [...vipRoot, 'prices', holdId ?? 0], queryFn: () => getPrices(holdId), enabled });
}

export function useSetPrices() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPrices, onSuccess: () => void qc.invalidateQueries({ queryKey: vipRoot }) });
}

/** An upgrade moves the wallet and the devices' expiry: both are read again. */
export function useUpgradeVip() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: upgradeVip,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: walletRoot });
      void qc.invalidateQueries({ queryKey: vipRoot });
      void qc.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
