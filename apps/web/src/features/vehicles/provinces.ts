/**
 * China's provincial-level divisions for the vehicle's Province (stored as the Chinese short name, as the
 * spec's Chinese consoles keep it), with the name shown in English and French.
 */
export const PROVINCES: readonly (readonly [zh: string, latin: string])[] = [
  ['北京', 'Beijing'],
  ['天津', 'Tianjin'],
  ['河北', 'Hebei'],
  ['山西', 'Shanxi'],
  ['内蒙古', 'Inner Mongolia'],
  ['辽宁', 'Liaoning'],
  ['吉林', 'Jilin'],
  ['黑龙江', 'Heilongjiang'],
  ['上海', 'Shanghai'],
  ['江苏', 'Jiangsu'],
  ['浙江', 'Zhejiang'],
  ['安徽', 'Anhui'],
  ['福建', 'Fujian'],
  ['江西', 'Jiangxi'],
  ['山东', 'Shandong'],
  ['河南', 'Henan'],
  ['湖北', 'Hubei'],
  ['湖南', 'Hunan'],
  ['广东', 'Guangdong'],
  ['广西', 'Guangxi'],
  ['海南', 'Hainan'],
  ['重庆', 'Chongqing'],
  ['四川', 'Sichuan'],
  ['贵州', 'Guizhou'],
  ['云南', 'Yunnan'],
  ['西藏', 'Tibet'],
  ['陕西', 'Shaanxi'],
  ['甘肃', 'Gansu'],
  ['青海', 'Qinghai'],
  ['宁夏', 'Ningxia'],
  ['新疆', 'Xinjiang'],
  ['台湾', 'Taiwan'],
  ['香港', 'Hong Kong'],
  ['澳门', 'Macao'],
];

/** Select options in the console's language; a stored value not in the list still shows as itself. */
export const provinceOptions = (lang: string) =>
  PROVINCES.map(([zh, latin]) => ({ value: zh, label: lang === 'zh' ? zh : latin }));

export const provinceLabel = (value: string, lang: string) =>
  lang === 'zh' ? value : (PROVINCES.find(([zh]) => zh === value)?.[1] ?? value);
