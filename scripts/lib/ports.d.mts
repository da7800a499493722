export interface PortEntry {
  name: string;
  host: string;
  port: number;
}
export declare function isPortFree(port: number, host?: string): Promise<boolean>;
export declare function freePort(host?: string): Promise<number>;
export declare function isListening(
  port: number,
  host?: string,
  timeoutMs?: number,
): Promise<boolean>;
export declare function holderFromSs(output: string, port: number): string | null;
export declare function findPortHolder(port: number): string | null;
export declare function busyPorts(
  ports: PortEntry[],
): Promise<(PortEntry & { holder: string | null })[]>;
export declare function describeBusyPorts(busy: (PortEntry & { holder: string | null })[]): string;
