export declare const MIN_JAVA: number;
export interface Jdk {
  home: string;
  java: string;
  major: number;
  source: string;
}
export declare class JdkNotFoundError extends Error {}
export declare function parseJavaMajor(versionOutput: string): number | null;
export declare function findJdk(options?: {
  env?: NodeJS.ProcessEnv;
  jvmDir?: string;
  min?: number;
  run?: (java: string) => string;
}): Jdk;
export declare function withJdk(env: NodeJS.ProcessEnv, jdk: Jdk): NodeJS.ProcessEnv;
