/**
 * The web SDK's types of the Firestore REST API (`Value`, `Filter`, …): the shapes our emulator
 * speaks, as Google's own client declares them. Its package exports map does not expose them, so
 * they are imported by file; types only, erased at build.
 */
export type {
  FieldFilter,
  Filter,
  Value,
} from '../../../node_modules/@firebase/firestore/dist/firestore/src/protos/firestore_proto_api';
