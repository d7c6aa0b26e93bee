import { type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';

interface AsideState {
  content: ReactNode | null;
  setContent: (c: ReactNode | null) => void;
  opened: boolean;
  toggle: () => void;
}

const AsideContext = createContext<AsideState>({ content: null, setContent: () => {}, opened: false, toggle: () => {} });

/** The right-hand sidebar (rule 55): owned by the page on screen, opened and closed from the top bar. */
export function AsideProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<ReactNode | null>(null);
  const [opened, setOpened] = useState(false);
  const value = useMemo(() => ({ content, setContent, opened, toggle: () => setOpened((o) => !o) }), [content, opened]);
  return <AsideContext.Provider value={value}>{children}</AsideContext.Provider>;
}

export const useAsideState = () => useContext(AsideContext);

/** A page puts its content in the right-hand sidebar while it is on screen: `usePageAside(<Filters />)`. */
export function usePageAside(content: ReactNode | null) {
  const { setContent } = useContext(AsideContext);
  useEffect(() => {
    setContent(content);
    return () => setContent(null);
  }, [content, setContent]);
}
