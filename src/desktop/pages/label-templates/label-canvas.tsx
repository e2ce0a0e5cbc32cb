import { type DragEvent, type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from 'react';
import { LABEL_COMPONENT_KINDS, type LabelComponentKind } from '../../../../domain/labels/label-limits';
import { renderLabelSvg } from '../../../../domain/labels/render-label';
import { keepInsideLabel } from '../../../../domain/rules/label-templates';
import type { LabelComponent, LabelTemplateInput } from '../../../../domain/schemas/label-templates';
import { LabelRuler, RULER_PX } from './label-ruler';

/** CSS pixels per millimetre (96 per inch): at 100 % the canvas is the label's physical size. */
export const PX_PER_MM = 96 / 25.4;
/** What the palette puts on a drag. */
export const KIND_MIME = 'application/x-label-kind';

interface LabelCanvasProps {
  template: LabelTemplateInput;
  logos: Record<string, string>;
  zoom: number;
  selectedKey: string | null;
  readOnly: boolean;
  onSelect: (key: string | null) => void;
  onCommit: (key: string, changes: Partial<LabelComponent>) => void;
  onDrop: (kind: LabelComponentKind, x: number, y: number) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** A pointer gesture in progress: moving or resizing one component, from where the pointer went down. */
interface Gesture {
  key: string;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  origin: LabelComponent;
  current: LabelComponent;
}

/**
 * The designer's canvas: the label drawn by the shared renderer at true size times the zoom, mm rulers on
 * two edges, a box per component to select, drag and resize (kept inside the label), palette drops, and
 * keyboard focus for nudging and undo.
 */
export function LabelCanvas(props: LabelCanvasProps) {
  const { template, zoom, selectedKey, readOnly } = props;
  const scale = PX_PER_MM * zoom;
  const area = useRef<HTMLDivElement>(null);
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const shown = useMemo(
    () =>
      gesture
        ? {
            ...template,
            Components: template.Components.map((c) => (c.Key === gesture.key ? gesture.current : c)),
          }
        : template,
    [template, gesture],
  );
  const svg = useMemo(() => renderLabelSvg(shown, {}, { logos: props.logos }), [shown, props.logos]);

  const begin = (event: PointerEvent, component: LabelComponent, mode: Gesture['mode']) => {
    event.stopPropagation();
    props.onSelect(component.Key);
    area.current?.focus();
    if (readOnly) return;
    (event.currentTarget as Element).setPointerCapture(event.pointerId);
    setGesture({
      key: component.Key,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      origin: component,
      current: component,
    });
  };
  const move = (event: PointerEvent) => {
    if (!gesture) return;
    const dx = (event.clientX - gesture.startX) / scale;
    const dy = (event.clientY - gesture.startY) / scale;
    const { origin } = gesture;
    const next =
      gesture.mode === 'move'
        ? { ...origin, X: origin.X + dx, Y: origin.Y + dy }
        : { ...origin, Width: origin.Width + dx, Height: origin.Height + dy };
    setGesture({ ...gesture, current: keepInsideLabel(next, template) });
  };
  const end = () => {
    if (!gesture) return;
    const { key, current, origin } = gesture;
    setGesture(null);
    if (
      current.X !== origin.X ||
      current.Y !== origin.Y ||
      current.Width !== origin.Width ||
      current.Height !== origin.Height
    ) {
      props.onCommit(key, { X: current.X, Y: current.Y, Width: current.Width, Height: current.Height });
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    const kind = event.dataTransfer.getData(KIND_MIME) as LabelComponentKind;
    if (readOnly || !LABEL_COMPONENT_KINDS.includes(kind) || !area.current) return;
    const rect = area.current.getBoundingClientRect();
    props.onDrop(kind, (event.clientX - rect.left) / scale, (event.clientY - rect.top) / scale);
  };

  return (
    <div style={{ display: 'grid', gridTemplateColumns: `${RULER_PX}px auto`, width: 'max-content' }}>
      <div />
      <LabelRuler length={template.Width} scale={scale} />
      <LabelRuler length={template.Height} scale={scale} vertical />
      <div
        ref={area}
        tabIndex={0}
        data-testid="label-canvas"
        onKeyDown={props.onKey}
        onPointerDown={() => props.onSelect(null)}
        onPointerMove={move}
        onPointerUp={end}
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
        style={{
          position: 'relative',
          width: template.Width * scale,
          height: template.Height * scale,
          boxShadow: '0 1px 4px rgba(0,0,0,0.25)',
          outline: 'none',
          touchAction: 'none',
        }}
      >
        <div
          className="label-canvas-svg"
          style={{ position: 'absolute', inset: 0 }}
          // The shared renderer's own markup: every value in it is escaped.
          dangerouslySetInnerHTML={{
            __html: svg.replace(/width="[\d.]+mm" height="[\d.]+mm"/, 'width="100%" height="100%"'),
          }}
        />
        {shown.Components.map((component) => {
          const selected = component.Key === selectedKey;
          return (
            <div
              key={component.Key}
              data-testid={`label-component-${component.Key}`}
              onPointerDown={(event) => begin(event, component, 'move')}
              style={{
                position: 'absolute',
                left: component.X * scale,
                top: component.Y * scale,
                width: component.Width * scale,
                height: component.Height * scale,
                border: selected ? '1px solid #1677ff' : '1px dashed rgba(22,119,255,0.35)',
                cursor: readOnly ? 'default' : 'move',
                boxSizing: 'border-box',
              }}
            >
              {selected && !readOnly && (
                <div
                  data-testid="label-resize"
                  onPointerDown={(event) => begin(event, component, 'resize')}
                  style={{
                    position: 'absolute',
                    right: -4,
                    bottom: -4,
                    width: 8,
                    height: 8,
                    background: '#1677ff',
                    cursor: 'nwse-resize',
                  }}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
