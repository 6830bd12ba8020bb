import {
  BankOutlined,
  CarOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FlagOutlined,
  HomeOutlined,
  ShopOutlined,
  StarOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { PoiIcon, PoiKind } from '@lodestar/domain';
import type { ComponentType } from 'react';

/** The icon drawn for each of the point icons the server accepts (POI_ICONS). */
export const POI_ICON_COMPONENTS: Record<PoiIcon, ComponentType> = {
  pin: EnvironmentOutlined,
  star: StarOutlined,
  home: HomeOutlined,
  office: BankOutlined,
  shop: ShopOutlined,
  fuel: DashboardOutlined,
  parking: CarOutlined,
  repair: ToolOutlined,
  warning: WarningOutlined,
  flag: FlagOutlined,
};

export const POI_KIND_COLOURS: Record<PoiKind, string> = { poi: '#1677ff', favourite: '#faad14', risk: '#f5222d' };
