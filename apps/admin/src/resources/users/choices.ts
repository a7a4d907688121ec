import { GROUP } from '@sum28/domain';

/** Values the API's users list accepts for `group_id` and `status`, labelled through resources.users.*. */
export const GROUP_CHOICES = [
  { id: GROUP.NORMAL, name: 'resources.users.group.member' },
  { id: GROUP.VISITOR, name: 'resources.users.group.visitor' },
  { id: GROUP.AGENT, name: 'resources.users.group.agent' },
];

export const STATUS_CHOICES = [
  { id: 'active', name: 'resources.users.status.active' },
  { id: 'frozen', name: 'resources.users.status.frozen' },
];
