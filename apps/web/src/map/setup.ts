import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// Must run before any map is created, or vite dev and build fail ("Worker failed to load").
setWorkerUrl(workerUrl);
