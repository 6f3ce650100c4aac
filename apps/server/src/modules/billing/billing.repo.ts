import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingCustomers, seatRemovals, stripeWebhookEvents, subscriptions } from '../../db/schema';
import { memberView } from '../members/members.views';

/** SQL of the billing module (spec 001 §3 entities; the mirror of Stripe's subscriptions). */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt'>;
export type SeatRemovalRow = typeof seatRemovals.$inferSelect;

export async function findCustomerId(db: Executor, workspaceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ stripeCustomerId: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.workspaceId, workspaceId));
  return row?.stripeCustomerId;
}

export async function findWorkspaceOfCustomer(
  db: Executor,
  stripeCustomerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: billingCustomers.workspaceId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return row?.workspaceId;
}

export async function insertCustomer(
  db: Executor,
  workspaceId: string,
  stripeCustomerId: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ workspaceId, stripeCustomerId }).onConflictDoNothing();
}

/** Serialises everything that touches one space's billing (checkout, seat changes, webhook applies). */
export async function lockBillingOf(tx: Executor, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${workspaceId}`}))`);
}

export async function listSubscriptions(db: Executor, workspaceId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.workspaceId, workspaceId))
    .orderBy(desc(subscriptions.createdAt));
}

export async function findSubscription(
  db: Executor,
  workspaceId: string,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.id, subscriptionId)));
  return row;
}

export async function findActiveSubscription(
  db: Executor,
  workspaceId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.workspaceId, workspaceId), eq(subscriptions.status, 'ACTIVE')));
  return row;
}

export async function findByStripeId(
  db: Executor,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

/** The ACTIVE PAYPAL licence of a space the user owns (the stop-renewal page). */
export async function findOwnedLicence(
  db: Executor,
  userId: string,
  paymentSource: 'PAYPAL',
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(
      memberView,
      and(eq(memberView.workspaceId, subscriptions.workspaceId), eq(memberView.role, 'OWNER')),
    )
    .where(
      and(
        eq(memberView.userId, userId),
        eq(subscriptions.status, 'ACTIVE'),
        eq(subscriptions.paymentSource, paymentSource),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row?.subscription;
}

export async function findSubscriptionById(
  db: Executor,
  subscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row;
}

export async function insertSubscription(db: Executor, values: SubscriptionValues): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('subscription not inserted');
  return row;
}

export async function updateSubscriptionRow(
  db: Executor,
  id: string,
  values: Partial<SubscriptionValues>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished`);
  return row;
}

/** Other ACTIVE subscriptions of the space (a new one replaces them: at most one ACTIVE). */
export async function cancelOtherActive(
  db: Executor,
  workspaceId: string,
  keepId: string | null,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.workspaceId, workspaceId),
        eq(subscriptions.status, 'ACTIVE'),
        ...(keepId === null ? [] : [ne(subscriptions.id, keepId)]),
      ),
    );
}

// ------------------------------------------------------------------ scheduled seat removals

export async function findPendingRemoval(
  db: Executor,
  subscriptionId: string,
): Promise<SeatRemovalRow | undefined> {
  const [row] = await db
    .select()
    .from(seatRemovals)
    .where(and(eq(seatRemovals.subscriptionId, subscriptionId), eq(seatRemovals.status, 'PENDING')));
  return row;
}

export async function findPendingRemovalOfSpace(
  db: Executor,
  workspaceId: string,
): Promise<SeatRemovalRow | undefined> {
  const [row] = await db
    .select()
    .from(seatRemovals)
    .where(and(eq(seatRemovals.workspaceId, workspaceId), eq(seatRemovals.status, 'PENDING')));
  return row;
}

export async function insertRemoval(
  db: Executor,
  values: { subscriptionId: string; workspaceId: string; targetQuantity: number; removeAt: Date },
): Promise<SeatRemovalRow> {
  const [row] = await db
    .insert(seatRemovals)
    .values({ ...values, status: 'PENDING' })
    .returning();
  if (!row) throw new Error('seat removal not inserted');
  return row;
}

export async function setRemovalStatus(
  db: Executor,
  id: string,
  status: 'APPLIED' | 'CANCELED',
): Promise<void> {
  await db.update(seatRemovals).set({ status, updatedAt: new Date() }).where(eq(seatRemovals.id, id));
}

/** Pending removals whose time has come and whose target the subscription has reached. */
export async function markRemovalsApplied(
  db: Executor,
  subscriptionId: string,
  quantity: number,
  now: Date,
): Promise<void> {
  await db
    .update(seatRemovals)
    .set({ status: 'APPLIED', updatedAt: now })
    .where(
      and(
        eq(seatRemovals.subscriptionId, subscriptionId),
        eq(seatRemovals.status, 'PENDING'),
        lte(seatRemovals.removeAt, now),
        sql`${seatRemovals.targetQuantity} >= ${quantity}`,
      ),
    );
}

export async function cancelPendingRemovals(db: Executor, subscriptionId: string): Promise<void> {
  await db
    .update(seatRemovals)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(and(eq(seatRemovals.subscriptionId, subscriptionId), eq(seatRemovals.status, 'PENDING')));
}

// ------------------------------------------------------------------ webhook events

export async function isEventRecorded(db: Executor, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: stripeWebhookEvents.eventId })
    .from(stripeWebhookEvents)
    .where(eq(stripeWebhookEvents.eventId, eventId));
  return row !== undefined;
}

/** Records an event id; false when it was already recorded (a replay). */
export async function recordEvent(db: Executor, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(stripeWebhookEvents)
    .values({ eventId, type })
    .onConflictDoNothing()
    .returning({ eventId: stripeWebhookEvents.eventId });
  return rows.length > 0;
}

// ------------------------------------------------------------------ per-user (legacy model) members
