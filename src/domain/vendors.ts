/**
 * A vendor's line in integer cents split at the commission (percent with two decimals, "15.00") the order line stored
 * (issue #46): the platform's commission rounded to the cent, half away from zero, and the vendor's share, the rest. The
 * ledger writes the same split in SQL (payouts/ledger.ts); refunds take back `vendorSplit` of what is refunded so far
 * less that of what was refunded before, so a line refunded in full gives back exactly its split.
 */
export function vendorSplit(cents: number, commission: string): { commission: number; share: number } {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(commission.trim());
  if (!match || !Number.isSafeInteger(cents)) throw new RangeError(`Not a commission: ${commission}`);
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  const sign = cents < 0 ? -1 : 1;
  const part = sign * Math.floor((Math.abs(cents) * basisPoints * 2 + 10_000) / 20_000);
  return { commission: part, share: cents - part };
}

/** What a refund of a vendor's line takes back: the split of all refunded so far, less the split of what went before. */
export function vendorRefundSplit(
  refundedBefore: number,
  refundedNow: number,
  commission: string,
): { commission: number; share: number } {
  const after = vendorSplit(refundedBefore + refundedNow, commission);
  const before = vendorSplit(refundedBefore, commission);
  return { commission: after.commission - before.commission, share: after.share - before.share };
}
