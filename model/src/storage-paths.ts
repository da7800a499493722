/** Where each kind of file lives in Storage; storage.rules matches the same prefixes. */
export const STORAGE_PATHS = {
  articleImage: (articleId: string, fileName: string) => `articles/${articleId}/${fileName}`,
  announcementImage: (announcementId: string, fileName: string) =>
    `announcements/${announcementId}/${fileName}`,
  accomplishmentImage: (incidentId: string, fileName: string) =>
    `${ACCOMPLISHMENT_IMAGES_FOLDER}/${incidentId}/${fileName}`,
  /** Every accomplishment photo of one incident, as a prefix. */
  accomplishmentImageFolder: (incidentId: string) =>
    `${ACCOMPLISHMENT_IMAGES_FOLDER}/${incidentId}/`,
  profilePhoto: (uid: string, fileName: string) => `profiles/${uid}/${fileName}`,
  releaseBuild: (releaseId: string, fileName: string) => `releases/${releaseId}/${fileName}`,
  /** Everything stored for one incident's media (originals and copies), as a prefix. */
  incidentMediaFolder: (incidentId: string) => `${INCIDENT_MEDIA_FOLDER}/${incidentId}/`,
  /** A file the incident's reporter attached: no uid in the path (anonymous reports). */
  reporterMedia: (incidentId: string, mediaId: string, fileName: string) =>
    `${INCIDENT_MEDIA_FOLDER}/${incidentId}/reporter/${mediaId}/${fileName}`,
  /** A file a staff member attached, under their own uid (the rules check it is the caller's). */
  staffMedia: (incidentId: string, uid: string, mediaId: string, fileName: string) =>
    `${INCIDENT_MEDIA_FOLDER}/${incidentId}/staff/${uid}/${mediaId}/${fileName}`,
  /** A copy the server made of a media file (MEDIA_COPIES); clients never write here. */
  mediaCopy: (incidentId: string, mediaId: string, copyName: string) =>
    `${INCIDENT_MEDIA_FOLDER}/${incidentId}/copies/${mediaId}/${copyName}`,
} as const;

/** The folder of every incident's media (docs/media.md). */
export const INCIDENT_MEDIA_FOLDER = 'incident_media';
/** The folder of every incident's accomplishment photos. */
export const ACCOMPLISHMENT_IMAGES_FOLDER = 'accomplishments';
