// Paged lists answer with their total. Without a search the server reads an exact count kept with
// the rows; a search stops counting at LIST_TOTAL_CAP matches (counting 100 000 matches of a broad
// term would cost more than the page itself), and the reply says so: the total is then a lower
// bound and is shown as '1000+'.
export const LIST_TOTAL_CAP = 1000;

/** '57', or '1000+' when the count stopped at the cap. */
export function shownTotal(total: number, capped: boolean | undefined): string {
  return capped ? `${total}+` : String(total);
}
