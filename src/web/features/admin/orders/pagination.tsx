interface PaginationProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What is paged, for screen readers: "Order pages", "Mail pages". */
  label?: string;
}

const WINDOW = 5;

/** First, previous, a window of page numbers, next, last. */
export function Pagination({ page, pages, onPage, label = 'Order pages' }: PaginationProps) {
  if (pages <= 1) return null;
  const start = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), pages - WINDOW + 1));
  const numbers = Array.from({ length: Math.min(WINDOW, pages) }, (_, i) => start + i);
  const item = (target: number, label: string, text: string, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`}>
      <button type="button" className="page-link" aria-label={label} disabled={disabled} onClick={() => onPage(target)}>
        <span aria-hidden="true">{text}</span>
      </button>
    </li>
  );
  return (
    <nav aria-label={label} className="d-flex justify-content-center">
      <ul className="pagination admin-pagination mb-0">
        {item(1, 'First page', '«', page === 1)}
        {item(page - 1, 'Previous page', '‹', page === 1)}
        {numbers.map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <button
              type="button"
              className="page-link"
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onPage(n)}
            >
              {n}
            </button>
          </li>
        ))}
        {item(page + 1, 'Next page', '›', page === pages)}
        {item(pages, 'Last page', '»', page === pages)}
      </ul>
    </nav>
  );
}
