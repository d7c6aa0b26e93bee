import type { AreaOptions, Kiosk } from '@gatehouse/contract';
import { createContext, useContext } from 'react';
import { subtreeIds, type TreeArea } from '../api/places';

export type AreaAction = 'add_sub' | 'edit' | 'move' | 'door' | 'kiosk' | 'qr' | 'delete';
export type KioskAction = 'commands' | 'move' | 'settings' | 'journey' | 'room' | 'deregister';
/** Where a dragged area may land: under another area, or at the top level of a site. */
export type DropTarget = { site_id: number; parent_id: number | null };

/** What every node of the sites tree shares: selection, actions, names and the area being dragged. */
export interface TreeContextValue {
  selected: Set<number>;
  toggle: (kioskId: number) => void;
  onArea: (area: TreeArea, action: AreaAction) => void;
  onKiosk: (kiosk: Kiosk, action: KioskAction) => void;
  options: AreaOptions | undefined;
  dragging: TreeArea | null;
  setDragging: (area: TreeArea | null) => void;
  drop: (target: DropTarget) => void;
}

export const TreeContext = createContext<TreeContextValue | null>(null);

export function useTreeContext() {
  const value = useContext(TreeContext);
  if (!value) throw new Error('useTree outside the sites tree');
  return value;
}

/** A move never goes into the area's own subtree (rule 233), and a drop where it already is does nothing. */
export function canDrop(dragging: TreeArea | null, target: DropTarget) {
  if (!dragging) return false;
  if (target.parent_id !== null && subtreeIds(dragging).includes(target.parent_id)) return false;
  return !(target.site_id === dragging.site_id && target.parent_id === dragging.parent_id);
}

/** Drag-and-drop handlers for a drop target; `over` marks it while a droppable area hovers. */
export function dropHandlers(ctx: TreeContextValue, target: DropTarget, setOver: (v: boolean) => void) {
  const ok = () => canDrop(ctx.dragging, target);
  return {
    onDragOver: (e: React.DragEvent) => {
      if (!ok()) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: React.DragEvent) => {
      setOver(false);
      if (!ok()) return;
      e.preventDefault();
      e.stopPropagation();
      ctx.drop(target);
    },
  };
}
