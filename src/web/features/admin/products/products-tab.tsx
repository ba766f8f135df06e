/** Products live in the product studio, opened in its own tab so the dashboard stays open. */
export function ProductsTab() {
  function openStudio() {
    // Not 'noopener': the studio is our own page and needs this tab's session, which the browser copies
    // into a new tab only when it keeps its opener.
    window.open('/studio', '_blank');
  }
  return (
    <div className="detail-card products-card">
      <h3 className="detail-heading">Product studio</h3>
      <p className="text-muted-strong">
        Add and edit products, their sizes, prices, offers and photos in the product studio. It opens in a new tab.
      </p>
      <button type="button" className="btn btn-amber" onClick={openStudio}>
        Open Product Studio <span aria-hidden="true">↗</span>
      </button>
    </div>
  );
}
