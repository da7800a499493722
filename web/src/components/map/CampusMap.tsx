import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useState, type ReactNode } from 'react';
import type { LatLngBoundsExpression } from 'leaflet';
import { MapContainer, Polygon, TileLayer, Tooltip, useMap } from 'react-leaflet';
import type { Campus } from '@campus-safety/model';
import { campusRing } from './markers';
import { readTileSetting } from './tiles';

const TILES = readTileSetting(import.meta.env);

const CAMPUS_OUTLINE = { color: '#0369a1', weight: 2, fillColor: '#38bdf8', fillOpacity: 0.12 };

/** Fits the view to `bounds` whenever `fitKey` changes (the set of things shown, not each render). */
function FitView({ bounds, fitKey }: { bounds: LatLngBoundsExpression; fitKey: string }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
    // Only a new set of markers or campuses refits; a live update of the same ones keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
  return null;
}

/**
 * A map of campus areas on the configured tiles. The first tile that fails to load (offline, or a
 * dead tile source) drops the tile layer for good: the campuses and markers stay, on a plain
 * background, with a line saying why.
 */
export function CampusMap({
  label,
  bounds,
  fitKey,
  campuses,
  heightClass,
  children,
}: {
  label: string;
  bounds: LatLngBoundsExpression;
  fitKey: string;
  campuses: readonly Campus[];
  heightClass: string;
  children?: ReactNode;
}) {
  const [tilesFailed, setTilesFailed] = useState(() => navigator.onLine === false);
  const source = tilesFailed ? null : TILES.source;
  const notice =
    TILES.problem ??
    (tilesFailed ? 'Map tiles could not be loaded: the map is shown on a plain background.' : null);
  return (
    <div>
      <div
        role="region"
        aria-label={label}
        className={`overflow-hidden rounded-lg border border-slate-200 ${heightClass}`}
      >
        <MapContainer
          bounds={bounds}
          boundsOptions={{ padding: [24, 24], maxZoom: 17 }}
          className="campus-map h-full w-full"
          // The page scrolls under the wheel; the zoom buttons and keyboard zoom the map.
          scrollWheelZoom={false}
        >
          {source && (
            <TileLayer
              url={source.url}
              attribution={source.attribution}
              eventHandlers={{ tileerror: () => setTilesFailed(true) }}
            />
          )}
          {campuses.map((campus) => (
            <Polygon
              key={campus}
              positions={campusRing(campus)}
              pathOptions={CAMPUS_OUTLINE}
              interactive={false}
            >
              <Tooltip permanent direction="center" className="campus-label">
                {campus}
              </Tooltip>
            </Polygon>
          ))}
          <FitView bounds={bounds} fitKey={fitKey} />
          {children}
        </MapContainer>
      </div>
      {notice && <p className="mt-1 text-xs text-slate-600">{notice}</p>}
    </div>
  );
}
