/** The role matrix lives in libs/contracts (the console app reads the same table); the API enforces it. */
export { isAllowed, isPermission, isRole, PERMISSIONS, permissionsOf, PUBLIC, ROLE_MATRIX, ROLES, type Permission, type Role } from '@sum28/contracts';
