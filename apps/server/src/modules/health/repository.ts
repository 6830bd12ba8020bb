import type pg from 'pg';

/** The database answers at all: one round trip on the pool. */
export class HealthRepository {
  constructor(private readonly pool: pg.Pool) {}

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
}
