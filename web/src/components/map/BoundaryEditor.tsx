import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { useEffect, useRef } from 'react';
import { Polygon, polygon, type Layer, type LatLng as LeafletLatLng } from 'leaflet';
import { useMap } from 'react-leaflet';
import type { LatLng } from '@campus-safety/model';

const OUTLINE = { color: '#0369a1', weight: 2, fillColor: '#38bdf8', fillOpacity: 0.15 };

/** The outline's corners, six decimals; a corner placed on a copy of the world east or west wrapped to it. */
const ringOf = (layer: Polygon): LatLng[] =>
  (layer.getLatLngs()[0] as LeafletLatLng[])
    .map((p) => p.wrap())
    .map((p) => [Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6))] as const);

/** Geoman's handles are unnamed buttons: each gets a name a screen reader can say. */
function nameHandles(container: HTMLElement) {
  let corner = 0;
  for (const handle of container.querySelectorAll('.leaflet-marker-icon.marker-icon')) {
    const middle = handle.classList.contains('marker-icon-middle');
    if (!middle) corner += 1;
    handle.setAttribute(
      'aria-label',
      middle
        ? 'Drag to add a corner here'
        : `Corner ${corner} of the grounds: drag to move, right-click to remove`,
    );
  }
}

/**
 * The campus's grounds as a polygon whose corners are edited on the map (Leaflet-Geoman): drag a
 * corner, drag a midpoint to add one, right-click a corner to remove it. Each finished edit is
 * handed back as the new boundary; a boundary changed elsewhere (typed, imported) redraws it.
 * Geoman refuses an edit that would make the outline cross itself.
 */
export function BoundaryEditor({
  boundary,
  onChange,
}: {
  boundary: readonly LatLng[];
  onChange: (ring: LatLng[]) => void;
}) {
  const map = useMap();
  const layer = useRef<Polygon | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const shape = polygon([], OUTLINE).addTo(map);
    layer.current = shape;
    shape.on('pm:edit', () => changed.current(ringOf(shape)));
    shape.on('pm:vertexadded pm:vertexremoved pm:markerdragend', () =>
      nameHandles(map.getContainer()),
    );
    return () => {
      shape.remove();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const shape = layer.current;
    if (!shape) return;
    const same = JSON.stringify(ringOf(shape)) === JSON.stringify(boundary.map(([a, b]) => [a, b]));
    if (same) return;
    shape.pm.disable();
    shape.setLatLngs(boundary.map(([lat, lng]) => [lat, lng] as [number, number]));
    shape.pm.enable({ allowSelfIntersection: false, removeVertexOn: 'contextmenu' });
    nameHandles(map.getContainer());
  }, [boundary, map]);

  return null;
}

/**
 * New grounds drawn on the map (Geoman's polygon tool): each click places a corner, a click on
 * the first corner closes the outline, which is handed back (the editor above then takes it
 * over). Geoman refuses a corner that would make the outline cross itself.
 */
export function BoundaryDrawer({ onDrawn }: { onDrawn: (ring: LatLng[]) => void }) {
  const map = useMap();
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  useEffect(() => {
    // No snapping: it glues a corner to a neighbour's edge (which the overlap check refuses) or
    // to the drawing's own last corner.
    map.pm.enableDraw('Polygon', {
      allowSelfIntersection: false,
      snappable: false,
      pathOptions: OUTLINE,
    });
    const created = ({ layer }: { layer: Layer }) => {
      layer.remove();
      if (layer instanceof Polygon) drawn.current(ringOf(layer));
    };
    map.on('pm:create', created);
    return () => {
      map.off('pm:create', created);
      map.pm.disableDraw();
    };
  }, [map]);
  return null;
}
