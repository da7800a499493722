import 'leaflet/dist/leaflet.css';
import './map.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { divIcon, type FitBoundsOptions, type LatLngBoundsExpression } from 'leaflet';
import { MapContainer, Marker, Polygon, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { escapeHtml, type Campus } from '@campus-safety/model';
import { campusEastPoint, campusRing } from './markers';
import { readTileSetting } from './tiles';

const TILES = readTileSetting(import.meta.env);

/** Room for the longest campus name at 12 px. */
const CAMPUS_NAME_PX = 115;

const CAMPUS_OUTLINE = { color: '#0369a1', weight: 2, fillColor: '#38bdf8', fillOpacity: 0.12 };

/** A campus's name (an Admin's text: escaped), written `offsetPx` right of its east-most point. */
function campusNameIcon(campus: Campus, offsetPx: number) {
  return divIcon({
    className: 'campus-name-anchor',
    iconSize: [0, 0],
    iconAnchor: [-offsetPx, 0],
    html: `<span class="campus-name">${escapeHtml(campus.name)}</span>`,
  });
}

/** Fits the view to `bounds` whenever `fitKey` changes (the set of things shown, not each render). */
function FitView({
  bounds,
  fitKey,
  options,
}: {
  bounds: LatLngBoundsExpression;
  fitKey: string;
  options: FitBoundsOptions;
}) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, options);
    // Only a new set of markers or campuses refits; a live update of the same ones keeps the view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
  return null;
}

/**
 * A map of campus areas on the configured tiles. A tile failing before any has loaded (offline, or
 * a dead tile source) drops the tile layer for good: the campuses and markers stay, on a plain
 * background, with a line saying why.
 */
export function CampusMap({
  label,
  bounds,
  fitKey,
  campuses,
  heightClass,
  labelBesideOffset = null,
  children,
}: {
  label: string;
  bounds: LatLngBoundsExpression;
  fitKey: string;
  /** The campuses drawn (the saved ones, or an editor's draft). */
  campuses: readonly Campus[];
  heightClass: string;
  /**
   * Null: each campus is named at its centre. A number: named right of its area, that many pixels
   * out, so markers drawn at the centre (clusters, hotspot circles) do not cover the name.
   */
  labelBesideOffset?: number | null;
  children?: ReactNode;
}) {
  // Names written beside the areas need room on the right of the east-most campus.
  const fit: FitBoundsOptions = {
    paddingTopLeft: [24, 24],
    paddingBottomRight: [labelBesideOffset === null ? 24 : labelBesideOffset + CAMPUS_NAME_PX, 24],
    maxZoom: 17,
  };
  const [tilesFailed, setTilesFailed] = useState(() => navigator.onLine === false);
  const tileLoaded = useRef(false);
  const source = tilesFailed ? null : TILES.source;
  const notice =
    TILES.problem ??
    (tilesFailed ? 'Map tiles could not be loaded: the map is shown on a plain background.' : null);
  return (
    <div>
      {/* isolate: Leaflet's panes and controls stack inside the map, never over dialogs. */}
      <div
        role="region"
        aria-label={label}
        className={`isolate overflow-hidden rounded-lg border border-slate-200 ${heightClass}`}
      >
        <MapContainer
          bounds={bounds}
          boundsOptions={fit}
          className="campus-map h-full w-full"
          // The page scrolls under the wheel; the zoom buttons and keyboard zoom the map.
          scrollWheelZoom={false}
        >
          {source && (
            <TileLayer
              url={source.url}
              attribution={source.attribution}
              eventHandlers={{
                tileload: () => {
                  tileLoaded.current = true;
                },
                // Failing before any tile loaded: the source is unreachable. A stray failure later
                // only leaves that tile out (Leaflet never shows a tile that did not load).
                tileerror: () => {
                  if (!tileLoaded.current) setTilesFailed(true);
                },
              }}
            />
          )}
          {campuses.map((campus) => (
            <Polygon
              key={campus.id}
              positions={campusRing(campus)}
              pathOptions={CAMPUS_OUTLINE}
              interactive={false}
            >
              {labelBesideOffset === null && (
                <Tooltip permanent direction="center" className="campus-label">
                  {campus.name}
                </Tooltip>
              )}
            </Polygon>
          ))}
          {labelBesideOffset !== null &&
            campuses.map((campus) => (
              <Marker
                key={campus.id}
                position={campusEastPoint(campus)}
                icon={campusNameIcon(campus, labelBesideOffset)}
                interactive={false}
                keyboard={false}
              />
            ))}
          <FitView bounds={bounds} fitKey={fitKey} options={fit} />
          {children}
        </MapContainer>
      </div>
      {notice && <p className="mt-1 text-xs text-slate-600">{notice}</p>}
    </div>
  );
}
