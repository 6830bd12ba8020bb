/**
 * VehicleLifeStatus (spec section 3: "Table rows may carry VehicleLifeStatus and a tag"): where a
 * financed or insured vehicle is in its life, kept under policy management (function 163).
 * Stored as these numbers in vehicles.life_status; a vehicle without one carries null.
 */
export enum VehicleLifeStatus {
  /** In service: the loan or policy is running normally. */
  Normal = 1,
  /** Payments are late: the lender watches the vehicle closely. */
  Overdue = 2,
  /** Taken back by the lender. */
  Repossessed = 3,
  /** Paid off: the loan or policy is closed. */
  Settled = 4,
  /** Taken off the road for good. */
  Scrapped = 5,
}

export const VEHICLE_LIFE_STATUSES = [
  VehicleLifeStatus.Normal,
  VehicleLifeStatus.Overdue,
  VehicleLifeStatus.Repossessed,
  VehicleLifeStatus.Settled,
  VehicleLifeStatus.Scrapped,
] as const;

/** The key of a life status in translations and colours: 1 → 'normal'. */
export const VEHICLE_LIFE_KEYS: Readonly<Record<VehicleLifeStatus, string>> = {
  [VehicleLifeStatus.Normal]: 'normal',
  [VehicleLifeStatus.Overdue]: 'overdue',
  [VehicleLifeStatus.Repossessed]: 'repossessed',
  [VehicleLifeStatus.Settled]: 'settled',
  [VehicleLifeStatus.Scrapped]: 'scrapped',
};

export const isVehicleLifeStatus = (v: unknown): v is VehicleLifeStatus =>
  typeof v === 'number' && (VEHICLE_LIFE_STATUSES as readonly number[]).includes(v);
