/**
 * The install calls that take another row's id (HoldID, TaskID, InstallerID, InfoID, PhotoID, DeviceID). Each is
 * tried with a sibling hold's ids in ./routes.test.ts ("another hold's ids") and answers 403 OutsideHold.
 */
export const INSTALL_TENANCY_PATHS: string[] = [
  'Installer/AddInstaller',
  'Installer/ModifyInstaller',
  'Installer/GetInstallerList',
  'Installer/ExportInstallerList',
  'Task/AddTask',
  'Task/ImportTasks',
  'Task/ModifyTask',
  'Task/GetTaskList',
  'Task/ExportTaskList',
  'Task/GetTask',
  'Task/Assign',
  'Task/Transition',
  'Task/AddInstallInfo',
  'Task/RemoveInstallInfo',
  'Task/RemovePhoto',
  'Task/GetPhoto',
];
