/** Where each kind of file lives in Storage; storage.rules matches the same prefixes. */
export const STORAGE_PATHS = {
  articleImage: (articleId: string, fileName: string) => `articles/${articleId}/${fileName}`,
  announcementImage: (announcementId: string, fileName: string) =>
    `announcements/${announcementId}/${fileName}`,
  accomplishmentImage: (incidentId: string, fileName: string) =>
    `accomplishments/${incidentId}/${fileName}`,
  profilePhoto: (uid: string, fileName: string) => `profiles/${uid}/${fileName}`,
  releaseBuild: (releaseId: string, fileName: string) => `releases/${releaseId}/${fileName}`,
} as const;
