import type { PointerEvent as ReactPointerEvent, ThHTMLAttributes } from 'react';

export const MIN_COLUMN_WIDTH = 56;

export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  onResizeWidth?: (width: number) => void;
  onResizeEnd?: (width: number | undefined) => void;
}

/**
 * A header cell with a drag handle on its right edge. Pointer capture keeps the drag alive
 * when the pointer leaves the handle; double-click gives the column its default width back.
 */
export function ResizableTitle({ onResizeWidth, onResizeEnd, children, style, ...rest }: ResizableTitleProps) {
  if (!onResizeWidth || !onResizeEnd)
    return (
      <th style={style} {...rest}>
        {children}
      </th>
    );

  const start = (e: ReactPointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const th = handle.parentElement;
    if (!th) return;
    const startX = e.clientX;
    const startWidth = th.getBoundingClientRect().width;
    let width = startWidth;
    handle.setPointerCapture(e.pointerId);
    const move = (ev: PointerEvent) => {
      width = Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + ev.clientX - startX));
      onResizeWidth(width);
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (width !== startWidth) onResizeEnd(width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };

  return (
    <th style={{ ...style, position: 'relative' }} {...rest}>
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (ARIA separator widget); <hr> is a static rule */}
      <span
        className="paged-table-resize"
        role="separator"
        aria-orientation="vertical"
        aria-valuenow={typeof style?.width === 'number' ? style.width : undefined}
        tabIndex={0}
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => {
          e.stopPropagation();
          onResizeEnd(undefined);
        }}
        onKeyDown={(e) => {
          // Keyboard resizing: arrows widen or narrow by a step, Delete restores the default.
          const th = e.currentTarget.parentElement;
          if (!th) return;
          const width = th.getBoundingClientRect().width;
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
            e.preventDefault();
            e.stopPropagation();
            onResizeEnd(Math.max(MIN_COLUMN_WIDTH, Math.round(width + (e.key === 'ArrowRight' ? 16 : -16))));
          } else if (e.key === 'Delete' || e.key === 'Backspace') {
            e.stopPropagation();
            onResizeEnd(undefined);
          }
        }}
      />
    </th>
  );
}
