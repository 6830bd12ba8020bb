import { ApartmentOutlined, BankOutlined, CarOutlined, FolderOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** One icon per HoldType 1..4, and one for any other type (spec section 3). */
export function holdIcon(type: number): ReactNode {
  switch (type) {
    case 1:
      return <BankOutlined className="hold-icon hold-type-1" />;
    case 2:
      return <ApartmentOutlined className="hold-icon hold-type-2" />;
    case 3:
      return <CarOutlined className="hold-icon hold-type-3" />;
    case 4:
      return <UserOutlined className="hold-icon hold-type-4" />;
    default:
      return <FolderOutlined className="hold-icon hold-type-other" />;
  }
}

export const holdTypeKey = (type: number) => (type >= 1 && type <= 4 ? `holdType.${type}` : 'holdType.other');
