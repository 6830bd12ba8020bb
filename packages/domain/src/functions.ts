/**
 * The function-id catalogue (spec section 6). Ids 1–24 and 72 are the SIM administration
 * route ids of spec section 2; the rest are ours, assigned for every checkable function the
 * spec lists. 76, 83 and 163 are the row-action extras the spec names.
 * Ids never change meaning once shipped: add new ones, never renumber.
 */
export type Lang = 'zh' | 'en' | 'fr';
export const FUNCTION_GROUPS = ['sim', 'gps', 'action'] as const;
export type FunctionGroup = (typeof FUNCTION_GROUPS)[number];

export interface FunctionDef {
  id: number;
  key: string;
  group: FunctionGroup;
  /** A parent function that must also be held for this one to be useful in the menu. */
  parent?: number;
  name: Record<Lang, string>;
}

const f = <I extends number, K extends string>(
  id: I,
  key: K,
  group: FunctionGroup,
  zh: string,
  en: string,
  fr: string,
  parent?: number,
): FunctionDef & { id: I; key: K } => ({
  id,
  key,
  group,
  name: { zh, en, fr },
  ...(parent === undefined ? {} : { parent }),
});

export const FUNCTIONS = [
  // SIM administration (spec section 2, exactly)
  f(1, 'simHome', 'sim', '首页', 'Home', 'Accueil'),
  f(2, 'simManage', 'sim', 'SIM卡管理', 'SIM card management', 'Gestion des cartes SIM'),
  f(3, 'simAccount', 'sim', '信息管理', 'Information management', 'Gestion des informations'),
  f(4, 'simRecharge', 'sim', 'SIM续费', 'SIM renewal', 'Renouvellement SIM'),
  f(5, 'simMessage', 'sim', '用户通知', 'User notices', 'Avis aux utilisateurs'),
  f(6, 'simReconciliation', 'sim', '对账', 'Reconciliation', 'Rapprochement'),
  f(7, 'simReports', 'sim', '报表中心', 'Report center', 'Centre de rapports'),
  f(8, 'simLog', 'sim', '操作日志', 'Operation log', "Journal d'opérations"),
  f(9, 'simInbound', 'sim', '入库', 'Inbound', 'Entrée en stock', 2),
  f(10, 'simOutbound', 'sim', '出库', 'Outbound', 'Sortie de stock', 2),
  f(11, 'simBusiness', 'sim', 'SIM业务', 'SIM business', 'Opérations SIM', 2),
  f(12, 'simSmsPayment', 'sim', '短信缴费', 'SMS payment', 'Paiement SMS', 2),
  f(13, 'simSmsRecord', 'sim', '短信记录', 'SMS record', 'Historique SMS', 2),
  f(14, 'simCustomers', 'sim', '客户', 'Customers', 'Clients', 3),
  f(15, 'simAccounts', 'sim', '账号', 'Accounts', 'Comptes', 3),
  f(16, 'simCarriers', 'sim', '运营商', 'Carriers', 'Opérateurs', 3),
  f(17, 'simSuppliers', 'sim', '供应商', 'Suppliers', 'Fournisseurs', 3),
  f(18, 'simPackages', 'sim', '套餐', 'Packages', 'Forfaits', 3),
  f(19, 'simCardTypes', 'sim', '卡类型', 'Card types', 'Types de carte', 3),
  f(20, 'simPermissions', 'sim', '权限', 'Permissions', 'Permissions', 3),
  f(21, 'simSupplierReconciliation', 'sim', '供应商对账', 'Supplier reconciliation', 'Rapprochement fournisseurs', 6),
  f(22, 'simCustomerReconciliation', 'sim', '客户对账', 'Customer reconciliation', 'Rapprochement clients', 6),
  f(23, 'simRenewalFees', 'sim', '续费明细', 'Renewal fee details', 'Détail des renouvellements', 7),
  f(24, 'simNewStopped', 'sim', '新增与停用卡', 'New and stopped cards', 'Cartes nouvelles et arrêtées', 7),
  f(72, 'simPayOrders', 'sim', '缴费订单报表', 'Payment order report', 'Rapport des paiements', 7),
  // GPS console (spec section 6 checkable functions)
  f(30, 'gpsMonitor', 'gps', 'GPS监控', 'GPS monitor', 'Suivi GPS'),
  f(31, 'onlineMonitor', 'gps', '在线监控', 'Online monitor', 'Suivi en ligne', 30),
  f(32, 'locationService', 'gps', '定位服务', 'Location service', 'Service de localisation', 30),
  f(33, 'systemInfo', 'gps', '系统信息', 'System info', 'Informations système'),
  f(34, 'reportCentre', 'gps', '报表中心', 'Report centre', 'Centre de rapports'),
  f(35, 'showSim', 'action', '显示SIM卡', 'Show SIM', 'Afficher la SIM'),
  f(36, 'playback', 'gps', '历史回放', 'Playback', 'Relecture', 30),
  f(37, 'photos', 'gps', '照片查看', 'Photos', 'Photos', 30),
  f(38, 'vehicleManage', 'gps', '车辆管理', 'Vehicle management', 'Gestion des véhicules'),
  f(39, 'riskManage', 'gps', '风控管理', 'Risk management', 'Gestion des risques'),
  f(
    40,
    'lineProvinceManage',
    'gps',
    '线路与省份管理',
    'Line and province management',
    'Gestion des lignes et provinces',
  ),
  f(41, 'businessMap', 'gps', '业务分布图', 'Business map', "Carte d'activité"),
  f(42, 'workOrders', 'gps', '工单', 'Work orders', 'Ordres de travail'),
  f(43, 'technicianManage', 'gps', '安装师傅管理', 'Technician management', 'Gestion des techniciens'),
  f(44, 'export', 'action', '导出', 'Export', 'Exporter'),
  f(45, 'audit', 'action', '审核', 'Audit', 'Audit'),
  f(46, 'editAfterAudit', 'action', '审核后编辑', 'Edit after audit', 'Modifier après audit'),
  f(47, 'listen', 'action', '监听', 'Listen', 'Écoute'),
  f(48, 'releaseAlarm', 'action', '解除报警', 'Release alarm', "Lever l'alarme"),
  f(49, 'targetImage', 'action', '目标图片', 'Target image', 'Image de la cible'),
  f(50, 'trackQuery', 'gps', '轨迹查询', 'Track query', 'Recherche de trajet', 30),
  f(51, 'geofence', 'gps', '电子围栏', 'Geo-fence', 'Géorepérage', 30),
  f(52, 'sendMessage', 'action', '下发消息', 'Send message', 'Envoyer un message'),
  f(53, 'sendCommand', 'action', '下发指令', 'Send command', 'Envoyer une commande'),
  f(54, 'sendSms', 'action', '发送短信', 'Send SMS', 'Envoyer un SMS'),
  f(55, 'riskEvaluation', 'gps', '风险评估', 'Risk evaluation', 'Évaluation des risques', 39),
  f(56, 'assetAnalysis', 'gps', '资产分析', 'Asset analysis', 'Analyse des actifs', 39),
  f(57, 'frequentStops', 'gps', '常停点', 'Frequent stops', 'Arrêts fréquents', 39),
  f(58, 'greyList', 'gps', '灰名单', 'Grey list', 'Liste grise', 39),
  f(59, 'add', 'action', '新增', 'Add', 'Ajouter'),
  f(60, 'delete', 'action', '删除', 'Delete', 'Supprimer'),
  f(61, 'edit', 'action', '编辑', 'Edit', 'Modifier'),
  f(62, 'query', 'action', '查询', 'Query', 'Rechercher'),
  f(63, 'topUp', 'action', '充值', 'Top-up', 'Recharger'),
  f(64, 'expiryReminder', 'action', '到期提醒', 'Expiry reminder', "Rappel d'échéance"),
  f(65, 'selfRenewal', 'action', '自助续费', 'Self renewal', 'Renouvellement autonome'),
  f(66, 'wallet', 'gps', '钱包', 'Wallet', 'Portefeuille'),
  f(67, 'gift', 'action', '赠送', 'Gift', 'Offrir'),
  f(68, 'userManage', 'gps', '用户管理', 'User management', 'Gestion des utilisateurs'),
  f(69, 'accountManage', 'gps', '企业账号管理', 'Account management', 'Gestion des comptes'),
  f(70, 'deviceManage', 'gps', '设备管理', 'Device management', 'Gestion des appareils'),
  f(71, 'vipManage', 'gps', 'VIP管理', 'VIP management', 'Gestion VIP'),
  f(73, 'upgradeVip', 'action', '升级VIP', 'Upgrade VIP', 'Passer en VIP'),
  f(74, 'noticeManage', 'gps', '公告管理', 'Notice management', 'Gestion des avis'),
  f(75, 'dataManage', 'gps', '数据管理', 'Data management', 'Gestion des données'),
  f(76, 'activate', 'action', '激活', 'Activate', 'Activer'),
  f(77, 'riskList', 'gps', '风险列表', 'Risk list', 'Liste des risques', 39),
  f(78, 'batchCommand', 'action', '批量指令', 'Batch command', 'Commande groupée'),
  f(79, 'dvrVideo', 'gps', 'DVR视频', 'DVR video', 'Vidéo DVR', 30),
  f(80, 'operationLog', 'gps', '操作日志', 'Operation log', "Journal d'opérations"),
  f(81, 'reports', 'gps', '报表', 'Reports', 'Rapports', 34),
  f(82, 'visitorLog', 'gps', '访客日志', 'Visitor log', 'Journal des visiteurs'),
  f(83, 'lockUnlock', 'action', '锁定/解锁', 'Lock/unlock', 'Verrouiller/déverrouiller'),
  f(84, 'insurance', 'gps', '保险', 'Insurance', 'Assurance'),
  f(85, 'invoiceManage', 'gps', '发票管理', 'Invoice management', 'Gestion des factures'),
  f(86, 'dashboard', 'gps', '首页', 'Home', 'Accueil'),
  f(87, 'creditEvaluation', 'gps', '征信评估', 'Credit evaluation', 'Évaluation de crédit', 39),
  f(163, 'policyManage', 'action', '保单管理', 'Policy management', 'Gestion des polices'),
] as const;

export type FunctionKey = (typeof FUNCTIONS)[number]['key'];

export const FUNCTION_BY_ID: ReadonlyMap<number, FunctionDef> = new Map(
  FUNCTIONS.map((fn): [number, FunctionDef] => [fn.id, fn]),
);
export const ALL_FUNCTION_IDS: readonly number[] = FUNCTIONS.map((fn) => fn.id);

/** Named ids for code that checks a specific function (server guards, console buttons). */
export const Fn = Object.fromEntries(FUNCTIONS.map((fn) => [fn.key, fn.id])) as {
  readonly [F in (typeof FUNCTIONS)[number] as F['key']]: F['id'];
};

export function isKnownFunction(id: number): boolean {
  return FUNCTION_BY_ID.has(id);
}

/** A granter can only hand out functions it holds itself (spec section 6). */
export function grantableFunctions(granterFuns: readonly number[], requested: readonly number[]): number[] {
  const held = new Set(granterFuns);
  return [...new Set(requested)].filter((id) => held.has(id) && isKnownFunction(id)).sort((a, b) => a - b);
}
