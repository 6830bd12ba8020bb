import type { CARD_TYPE_SORT, OPERATOR_SORT, PACKAGE_SORT, SUPPLIER_SORT } from '@lodestar/contract/catalogue';
import { EMAIL_RE, type Language, PHONE_RE } from '@lodestar/domain';
import { badRequest } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { CardTypeRow, Owned, PackageRow, SupplierListRow, WithOperator } from './repository.ts';
import { type CatalogueRules, createTime, inSubtree, type Paged, pageQuery, reachable } from './rules.ts';

type Sort<T extends readonly string[]> = T[number];

/** Carriers: read in the lineage, written in the subtree; removal refused while anything points at one. */
export class OperatorService {
  constructor(private readonly r: CatalogueRules) {}

  async select(auth: AuthContext, name?: string) {
    const rows = await this.r.repo.selectOperators(auth.holdPath, name || undefined);
    return rows.map((o) => ({ OperatorID: o.id, OperatorName: o.name }));
  }

  async list(auth: AuthContext, p: Paged<Sort<typeof OPERATOR_SORT>>) {
    const { rows, total } = await this.r.repo.listOperators(pageQuery(auth, p, 'CreateTime'));
    return {
      rows: rows.map((o) => ({
        OperatorID: o.id,
        OperatorName: o.name,
        Remark: o.remark,
        HoldID: o.holdId,
        HoldName: o.holdName,
        Editable: inSubtree(auth.holdPath, o.holdPath),
        CreateTime: createTime(o.createdAt, auth),
      })),
      total,
    };
  }

  async add(auth: AuthContext, b: { OperatorName: string; Remark?: string | undefined; HoldID?: number | undefined }) {
    const owner = await this.r.ownerHold(auth, b.HoldID);
    await this.r.uniqueName('operator', owner.id, b.OperatorName, 'OperatorName');
    const id = await this.r.write('OperatorName', b.OperatorName, () =>
      this.r.repo.insertOperator({ holdId: owner.id, name: b.OperatorName, remark: b.Remark ?? '' }),
    );
    await this.r.log(auth, 'addOperator', `${id} ${b.OperatorName}`);
    return { OperatorID: id };
  }

  async modify(
    auth: AuthContext,
    b: { OperatorID: number; OperatorName?: string | undefined; Remark?: string | undefined },
  ) {
    const row = reachable(await this.r.repo.findOperator(b.OperatorID), (p) => inSubtree(auth.holdPath, p));
    const name = b.OperatorName ?? row.name;
    if (name !== row.name) await this.r.uniqueName('operator', row.holdId, name, 'OperatorName', row.id);
    await this.r.write('OperatorName', name, () =>
      this.r.repo.updateOperator(row.id, { name, ...(b.Remark !== undefined ? { remark: b.Remark } : {}) }),
    );
    await this.r.log(auth, 'modifyOperator', `${row.id} ${name}`);
  }

  async remove(auth: AuthContext, id: number, lang: Language) {
    const row = reachable(await this.r.repo.findOperator(id), (p) => inSubtree(auth.holdPath, p));
    await this.r.remove('operator', id, lang);
    await this.r.log(auth, 'removeOperator', `${id} ${row.name}`);
  }
}

/** Card types: like carriers; one without a carrier fits any carrier. */
export class CardTypeService {
  constructor(private readonly r: CatalogueRules) {}

  async select(auth: AuthContext, name?: string, operatorId?: number) {
    await this.r.operatorFilter(auth, operatorId);
    const rows = await this.r.repo.selectCardTypes(auth.holdPath, name || undefined, operatorId || undefined);
    return rows.map((c) => ({ CardTypeID: c.id, CardTypeName: c.name, OperatorID: c.operatorId }));
  }

  async list(auth: AuthContext, p: Paged<Sort<typeof CARD_TYPE_SORT>>) {
    await this.r.operatorFilter(auth, p.operatorId);
    const { rows, total } = await this.r.repo.listCardTypes(pageQuery(auth, p, 'CreateTime'));
    return { rows: rows.map((c) => this.toRow(auth, c)), total };
  }

  async add(
    auth: AuthContext,
    b: {
      CardTypeName: string;
      OperatorID?: number | null | undefined;
      Remark?: string | undefined;
      HoldID?: number | undefined;
    },
  ) {
    const owner = await this.r.ownerHold(auth, b.HoldID);
    if (b.OperatorID) await this.r.usableOperator(auth, b.OperatorID, owner.path);
    await this.r.uniqueName('cardType', owner.id, b.CardTypeName, 'CardTypeName');
    const id = await this.r.write('CardTypeName', b.CardTypeName, () =>
      this.r.repo.insertCardType({
        holdId: owner.id,
        name: b.CardTypeName,
        operatorId: b.OperatorID || null,
        remark: b.Remark ?? '',
      }),
    );
    await this.r.log(auth, 'addCardType', `${id} ${b.CardTypeName}`);
    return { CardTypeID: id };
  }

  async modify(
    auth: AuthContext,
    b: {
      CardTypeID: number;
      CardTypeName?: string | undefined;
      OperatorID?: number | null | undefined;
      Remark?: string | undefined;
    },
    lang: Language,
  ) {
    const row = reachable(await this.r.repo.findCardType(b.CardTypeID), (p) => inSubtree(auth.holdPath, p));
    const name = b.CardTypeName ?? row.name;
    const operatorId = b.OperatorID === undefined ? row.operatorId : b.OperatorID || null;
    if (operatorId !== row.operatorId) {
      if (operatorId) await this.r.usableOperator(auth, operatorId, row.holdPath);
      await this.r.refuseIfUsed('cardType', row.id, 'catalogueCarrierInUse', lang);
    }
    if (name !== row.name) await this.r.uniqueName('cardType', row.holdId, name, 'CardTypeName', row.id);
    await this.r.write('CardTypeName', name, () =>
      this.r.repo.updateCardType(row.id, { name, operatorId, ...(b.Remark !== undefined ? { remark: b.Remark } : {}) }),
    );
    await this.r.log(auth, 'modifyCardType', `${row.id} ${name}`);
  }

  async remove(auth: AuthContext, id: number, lang: Language) {
    const row = reachable(await this.r.repo.findCardType(id), (p) => inSubtree(auth.holdPath, p));
    await this.r.remove('cardType', id, lang);
    await this.r.log(auth, 'removeCardType', `${id} ${row.name}`);
  }

  private toRow(auth: AuthContext, c: WithOperator<CardTypeRow>) {
    return {
      CardTypeID: c.id,
      CardTypeName: c.name,
      OperatorID: c.operatorId,
      OperatorName: c.operatorName ?? '',
      Remark: c.remark,
      HoldID: c.holdId,
      HoldName: c.holdName,
      Editable: inSubtree(auth.holdPath, c.holdPath),
      CreateTime: createTime(c.createdAt, auth),
    };
  }
}

export interface PackageFields {
  PackageName?: string | undefined;
  OperatorID?: number | undefined;
  PeriodMonths?: number | undefined;
  DataMB?: number | undefined;
  SmsCount?: number | undefined;
  PriceFen?: number | undefined;
  Remark?: string | undefined;
}

/** Packages: a carrier's period, data, SMS and price (fen). */
export class PackageService {
  constructor(private readonly r: CatalogueRules) {}

  async select(auth: AuthContext, name?: string, operatorId?: number) {
    await this.r.operatorFilter(auth, operatorId);
    const rows = await this.r.repo.selectPackages(auth.holdPath, name || undefined, operatorId || undefined);
    return rows.map((p) => ({
      PackageID: p.id,
      PackageName: p.name,
      OperatorID: p.operatorId,
      PeriodMonths: p.periodMonths,
      PriceFen: p.priceFen,
    }));
  }

  async list(auth: AuthContext, p: Paged<Sort<typeof PACKAGE_SORT>>) {
    await this.r.operatorFilter(auth, p.operatorId);
    const { rows, total } = await this.r.repo.listPackages(pageQuery(auth, p, 'CreateTime'));
    return { rows: rows.map((k) => this.toRow(auth, k)), total };
  }

  async add(
    auth: AuthContext,
    b: Required<Pick<PackageFields, 'PackageName' | 'OperatorID' | 'PeriodMonths' | 'PriceFen'>> &
      PackageFields & { HoldID?: number | undefined },
  ) {
    const owner = await this.r.ownerHold(auth, b.HoldID);
    await this.r.usableOperator(auth, b.OperatorID, owner.path);
    await this.r.uniqueName('package', owner.id, b.PackageName, 'PackageName');
    const id = await this.r.write('PackageName', b.PackageName, () =>
      this.r.repo.insertPackage({
        holdId: owner.id,
        name: b.PackageName,
        operatorId: b.OperatorID,
        periodMonths: b.PeriodMonths,
        dataMb: b.DataMB ?? 0,
        smsCount: b.SmsCount ?? 0,
        priceFen: b.PriceFen,
        remark: b.Remark ?? '',
      }),
    );
    await this.r.log(auth, 'addPackage', `${id} ${b.PackageName} ${b.PeriodMonths}m ${b.PriceFen}fen`);
    return { PackageID: id };
  }

  async modify(auth: AuthContext, b: PackageFields & { PackageID: number }, lang: Language) {
    const row = reachable(await this.r.repo.findPackage(b.PackageID), (p) => inSubtree(auth.holdPath, p));
    const name = b.PackageName ?? row.name;
    if (b.OperatorID !== undefined && b.OperatorID !== row.operatorId) {
      await this.r.usableOperator(auth, b.OperatorID, row.holdPath);
      // SIMs on this package carry the old carrier; moving the package would split them.
      await this.r.refuseIfUsed('package', row.id, 'catalogueCarrierInUse', lang);
    }
    if (name !== row.name) await this.r.uniqueName('package', row.holdId, name, 'PackageName', row.id);
    await this.r.write('PackageName', name, () =>
      this.r.repo.updatePackage(row.id, {
        name,
        ...(b.OperatorID !== undefined ? { operatorId: b.OperatorID } : {}),
        ...(b.PeriodMonths !== undefined ? { periodMonths: b.PeriodMonths } : {}),
        ...(b.DataMB !== undefined ? { dataMb: b.DataMB } : {}),
        ...(b.SmsCount !== undefined ? { smsCount: b.SmsCount } : {}),
        ...(b.PriceFen !== undefined ? { priceFen: b.PriceFen } : {}),
        ...(b.Remark !== undefined ? { remark: b.Remark } : {}),
      }),
    );
    await this.r.log(auth, 'modifyPackage', `${row.id} ${name}`);
  }

  async remove(auth: AuthContext, id: number, lang: Language) {
    const row = reachable(await this.r.repo.findPackage(id), (p) => inSubtree(auth.holdPath, p));
    await this.r.remove('package', id, lang);
    await this.r.log(auth, 'removePackage', `${id} ${row.name}`);
  }

  private toRow(auth: AuthContext, k: Owned<PackageRow> & { operatorName: string }) {
    return {
      PackageID: k.id,
      PackageName: k.name,
      OperatorID: k.operatorId,
      OperatorName: k.operatorName,
      PeriodMonths: k.periodMonths,
      DataMB: k.dataMb,
      SmsCount: k.smsCount,
      PriceFen: k.priceFen,
      Remark: k.remark,
      HoldID: k.holdId,
      HoldName: k.holdName,
      Editable: inSubtree(auth.holdPath, k.holdPath),
      CreateTime: createTime(k.createdAt, auth),
    };
  }
}

export interface SupplierFields {
  SupplierName?: string | undefined;
  OperatorID?: number | undefined;
  Contact?: string | undefined;
  Phone?: string | undefined;
  Email?: string | undefined;
  Remark?: string | undefined;
}

/** Suppliers: the caller's subtree only, like SIM cards. */
export class SupplierService {
  constructor(private readonly r: CatalogueRules) {}

  async select(auth: AuthContext, name?: string) {
    const rows = await this.r.repo.selectSuppliers(auth.holdPath, name || undefined);
    return rows.map((s) => ({
      SupplierID: s.id,
      SupplierName: s.name,
      OperatorID: s.operatorId,
      OperatorName: s.operatorName,
    }));
  }

  async list(auth: AuthContext, p: Paged<Sort<typeof SUPPLIER_SORT>>) {
    await this.r.operatorFilter(auth, p.operatorId);
    const { rows, total } = await this.r.repo.listSuppliers(pageQuery(auth, p, 'CreateTime'));
    return { rows: rows.map((s) => this.toRow(auth, s)), total };
  }

  async byId(auth: AuthContext, id: number) {
    return this.toRow(auth, await this.own(auth, id));
  }

  async add(
    auth: AuthContext,
    b: Required<Pick<SupplierFields, 'SupplierName' | 'OperatorID'>> & SupplierFields & { HoldID?: number | undefined },
  ) {
    checkContact(b);
    const owner = await this.r.ownerHold(auth, b.HoldID);
    await this.r.usableOperator(auth, b.OperatorID, owner.path);
    await this.r.uniqueName('supplier', owner.id, b.SupplierName, 'SupplierName');
    const id = await this.r.write('SupplierName', b.SupplierName, () =>
      this.r.repo.insertSupplier({
        holdId: owner.id,
        name: b.SupplierName,
        operatorId: b.OperatorID,
        contact: b.Contact ?? '',
        phone: b.Phone ?? '',
        email: b.Email ?? '',
        remark: b.Remark ?? '',
      }),
    );
    await this.r.log(auth, 'addSupplier', `${id} ${b.SupplierName}`);
    return { SupplierID: id };
  }

  async modify(auth: AuthContext, b: SupplierFields & { SupplierID: number }, lang: Language) {
    checkContact(b);
    const row = await this.own(auth, b.SupplierID);
    const name = b.SupplierName ?? row.name;
    if (b.OperatorID !== undefined && b.OperatorID !== row.operatorId) {
      await this.r.usableOperator(auth, b.OperatorID, row.holdPath);
      // Imported SIMs took the supplier's carrier; they would no longer match it.
      await this.r.refuseIfUsed('supplier', row.id, 'catalogueCarrierInUse', lang, ['sims']);
    }
    if (name !== row.name) await this.r.uniqueName('supplier', row.holdId, name, 'SupplierName', row.id);
    await this.r.write('SupplierName', name, () =>
      this.r.repo.updateSupplier(row.id, {
        name,
        ...(b.OperatorID !== undefined ? { operatorId: b.OperatorID } : {}),
        ...(b.Contact !== undefined ? { contact: b.Contact } : {}),
        ...(b.Phone !== undefined ? { phone: b.Phone } : {}),
        ...(b.Email !== undefined ? { email: b.Email } : {}),
        ...(b.Remark !== undefined ? { remark: b.Remark } : {}),
      }),
    );
    await this.r.log(auth, 'modifySupplier', `${row.id} ${name}`);
  }

  async remove(auth: AuthContext, id: number, lang: Language) {
    const row = await this.own(auth, id);
    await this.r.remove('supplier', id, lang);
    await this.r.log(auth, 'removeSupplier', `${id} ${row.name}`);
  }

  private async own(auth: AuthContext, id: number) {
    return reachable(await this.r.repo.findSupplier(id, auth.holdPath), (p) => inSubtree(auth.holdPath, p));
  }

  private toRow(auth: AuthContext, s: SupplierListRow) {
    return {
      SupplierID: s.id,
      SupplierName: s.name,
      OperatorID: s.operatorId,
      OperatorName: s.operatorName ?? '',
      Contact: s.contact,
      Phone: s.phone,
      Email: s.email,
      Remark: s.remark,
      SimCount: s.simCount,
      HoldID: s.holdId,
      HoldName: s.holdName,
      CreateTime: createTime(s.createdAt, auth),
    };
  }
}

/** Spec section 5: phone and e-mail formats are checked when given (the spec's own message). */
function checkContact(b: { Phone?: string | undefined; Email?: string | undefined }) {
  if (b.Phone && !PHONE_RE.test(b.Phone)) throw badRequest('phoneFormat', 'Phone');
  if (b.Email && !EMAIL_RE.test(b.Email)) throw badRequest('phoneFormat', 'Email');
}
