export declare const SCHEDULED_PUBLISHING_FUNCTION: string;
export declare function scheduleTopic(functionName: string): string;
export declare function publishMessage(options: {
  pubsubHost: string;
  projectId: string;
  topic: string;
  data?: unknown;
}): Promise<string>;
