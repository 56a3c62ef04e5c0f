import { useSearchParams } from 'react-router';

/** The tab named in the address (`?tab=`), or the first: a page's tab survives a reload and a shared link. */
export function useTabInAddress<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  return [tabs.find((name) => name === asked) ?? tabs[0], (tab) => setParams({ tab })];
}

/** A row of tabs; `testId` prefixes each tab's test id (`<testId>-<tab>`). */
export function TabBar<Tab extends string>({ tabs, current, onChange, label, testId }: { tabs: readonly Tab[]; current: Tab; onChange(tab: Tab): void; label(tab: Tab): string; testId: string }) {
  return (
    <nav className="flex gap-2 border-b border-white/10" role="tablist">
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={current === name}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${current === name ? 'border-accent-300 text-white' : 'border-transparent text-white/60 hover:text-white'}`}
          onClick={() => onChange(name)}
          data-testid={`${testId}-${name}`}
        >
          {label(name)}
        </button>
      ))}
    </nav>
  );
}
