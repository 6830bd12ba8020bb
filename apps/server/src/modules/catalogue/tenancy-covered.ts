/**
 * The catalogue calls that take an OperatorID, CardTypeID, PackageID, SupplierID or HoldID, all
 * tried with a sibling hold's ids in ./tenancy.test.ts (which fails if this list and the calls it
 * tries, or the OpenAPI document, drift apart). Lower case, without the `/API/api/` base.
 */
export const CATALOGUE_TENANCY_PATHS: string[] = [
  'operator/addoperator',
  'operator/modifyoperator',
  'operator/removeoperator',
  'cardtype/getcardtypeselect',
  'cardtype/getcardtypelist',
  'cardtype/exportcardtypelist',
  'cardtype/addcardtype',
  'cardtype/modifycardtype',
  'cardtype/removecardtype',
  'package/getpackageselect',
  'package/getpackagelist',
  'package/exportpackagelist',
  'package/addpackage',
  'package/modifypackage',
  'package/removepackage',
  'supplier/getsupplierlist',
  'supplier/exportsupplierlist',
  'supplier/getsupplierbyid',
  'supplier/addsupplier',
  'supplier/modifysupplier',
  'supplier/removesupplier',
];
