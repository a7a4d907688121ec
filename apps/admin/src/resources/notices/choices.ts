/** announcement: platform-wide, scrolling on the home screen; message: in-site message (to one player or everyone). */
export const NOTICE_KIND_CHOICES = ['announcement', 'message'].map((k) => ({ id: k, name: `resources.notices.kind.${k}` }));
