import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
}

interface TabListProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}

export const tabId = (id: string) => `admin-tab-${id}`;
export const panelId = (id: string) => `admin-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and End
 * jump to the ends, and only the selected tab is in the Tab order.
 */
export function TabList({ tabs, selected, onSelect, label }: TabListProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  // On a phone the strip scrolls: the selected tab (opened from a link, or by the arrow keys) is brought into it,
  // clear of the faded edge, without scrolling the page.
  useEffect(() => {
    const reveal = () => {
      const tab = refs.current.get(selected);
      const strip = tab?.parentElement;
      if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
      const t = tab.getBoundingClientRect();
      const s = strip.getBoundingClientRect();
      const fade = 48;
      if (t.left < s.left) strip.scrollLeft -= s.left - t.left;
      else if (t.right > s.right - fade) strip.scrollLeft += t.right - (s.right - fade);
    };
    reveal();
    // A window narrowed to a phone's width (or a phone turned) turns the rows into a strip.
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="admin-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const active = tab.id === selected;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={active}
            aria-controls={panelId(tab.id)}
            tabIndex={active ? 0 : -1}
            className={`admin-tab${active ? ' active' : ''}`}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ id, active, children }: { id: string; active: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={panelId(id)} aria-labelledby={tabId(id)} hidden={!active} tabIndex={0} className="admin-panel">
      {children}
    </div>
  );
}
