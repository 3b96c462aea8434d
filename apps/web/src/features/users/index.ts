/** The users area: the users tab and the user editor (the Profile page uses it in edit-self mode). */
export { UsersTab } from './components/users-tab';
export { UserEditor } from './components/user-editor';
export { useUser } from './api/get-user';
